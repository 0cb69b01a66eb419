import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useTestConnection } from '../api/test-connection';

const ROWS = [
  { key: 'requestIP', label: 'IP de la petición' },
  { key: 'forwardedFor', label: 'X-Forwarded-For' },
  { key: 'realIP', label: 'X-Real-IP' },
  { key: 'calculatedRealIP', label: 'IP real calculada' },
] as const;

export interface TestIpDialogProps {
  onClose: () => void;
}

/** 'Probar IP': the addresses the server sees this browser at (GET /api/ConnectedUsers/test-connection). */
export function TestIpDialog({ onClose }: TestIpDialogProps) {
  const test = useTestConnection();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Prueba de IP</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Así ve el servidor la conexión de este navegador.</DialogContentText>
        {test.isPending || test.isFetching ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={20} aria-label="Consultando" />
            <Typography variant="body2">Consultando…</Typography>
          </Stack>
        ) : test.isError ? (
          <Alert severity="error">Error al obtener información: {test.error.message}</Alert>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {ROWS.map(({ key, label }) => (
              <Stack
                key={key}
                direction="row"
                spacing={2}
                sx={{ justifyContent: 'space-between', py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
              >
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontFamily: 'monospace', textAlign: 'right', overflowWrap: 'anywhere' }}
                >
                  {test.data[key] || '—'}
                </Typography>
              </Stack>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {test.isError && !test.isFetching && (
          <Button onClick={() => void test.refetch()} color="inherit">
            Reintentar
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
