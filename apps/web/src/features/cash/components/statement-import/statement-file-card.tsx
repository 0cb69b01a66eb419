import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { sizeText } from './statement-import-texts';
import type { StatementImportState } from './use-statement-import';

/** Step 1: the bank account and the CSV file (read in the browser), with the file's name and size. */
export function StatementFileCard({ state }: { state: StatementImportState }) {
  const { accounts, banks, idCuenta, file, fileError, inputRef, analyzing, importing } = state;
  return (
    <Card component="section" aria-label="Archivo del estado de cuenta">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          1. Cuenta y archivo
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Descarga el estado de cuenta del banco en CSV (máximo 2 MB). Solo se importan los depósitos; los que ya se
          importaron antes no se repiten.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label="Cuenta bancaria"
            value={idCuenta ?? ''}
            onChange={(e) => state.changeAccount(Number(e.target.value))}
            disabled={accounts.isPending || importing}
            error={accounts.isError}
            helperText={accounts.isError ? 'No se pudieron cargar las cuentas' : undefined}
            sx={{ minWidth: 220 }}
          >
            {banks.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.nombre}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component="label"
            variant={file ? 'outlined' : 'contained'}
            startIcon={
              analyzing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CloudUploadOutlinedIcon />
            }
            disabled={analyzing || idCuenta === null}
          >
            {file ? 'Elegir otro archivo' : 'Elegir archivo CSV'}
            <input
              ref={inputRef}
              hidden
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-label="Archivo CSV del estado de cuenta"
              onChange={(e) => void state.onFile(e.target.files?.[0])}
            />
          </Button>
          {file && (
            <Chip
              icon={<DescriptionOutlinedIcon />}
              label={`${file.name} · ${sizeText(file.size)}`}
              onDelete={state.startOver}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, maxWidth: '100%' }}
            />
          )}
        </Stack>
        {fileError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
