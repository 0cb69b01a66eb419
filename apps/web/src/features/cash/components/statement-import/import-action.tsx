import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import { Alert, AlertTitle, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { movements, outcomeText } from './statement-import-texts';
import type { StatementImportState } from './use-statement-import';

/** 'Importar N movimientos' (only without error rows), then the outcome with 'Importar otro archivo'. */
export function ImportAction({ state }: { state: StatementImportState }) {
  const { outcome, data, canImport, importing } = state;
  if (outcome) {
    return (
      <Alert
        severity="success"
        icon={<CheckCircleOutlineIcon />}
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" onClick={state.startOver}>
            Importar otro archivo
          </Button>
        }
      >
        <AlertTitle>Importación terminada</AlertTitle>
        {outcomeText(outcome)}
      </Alert>
    );
  }
  if (!data) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ mt: 2, justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
    >
      {data.errores === 0 && data.nuevos === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          No hay movimientos nuevos: todo lo del archivo ya estaba importado o no es un depósito.
        </Typography>
      )}
      <Button
        variant="contained"
        onClick={() => void state.runImport()}
        disabled={!canImport}
        startIcon={importing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileUploadOutlinedIcon />}
      >
        Importar {movements(data.nuevos)}
      </Button>
    </Stack>
  );
}
