import { useEffect } from 'react';
import { uptimeText, type Router } from '@airlink/domain';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useProbeRouter } from '../api/probe-router';

export interface ProbeRouterDialogProps {
  router: Router;
  onClose: () => void;
}

/**
 * 'Probar conexión': asks the server to log in to the router now. Success is shown only when the server
 * answers `ok: true` with what the router said; anything else is the Spanish reason.
 */
export function ProbeRouterDialog({ router, onClose }: ProbeRouterDialogProps) {
  const probe = useProbeRouter();
  const { mutate } = probe;
  useEffect(() => mutate(router.id), [mutate, router.id]);
  const name = router.hostname || router.host;

  return (
    <Dialog open onClose={probe.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="probe-title">
      <DialogTitle id="probe-title">Probar conexión con {name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {router.host}:{router.port}
          {router.tls ? ' (TLS)' : ''} · usuario {router.username}
        </Typography>
        {probe.isPending && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <span>Conectando con el router…</span>
          </Stack>
        )}
        {probe.isError && (
          <Alert severity="error">
            <AlertTitle>No se pudo probar</AlertTitle>
            {probe.error.message || 'El servidor no respondió.'}
          </Alert>
        )}
        {probe.data?.ok === false && (
          <Alert severity="error">
            <AlertTitle>Sin conexión</AlertTitle>
            {probe.data.message}
          </Alert>
        )}
        {probe.data?.ok === true && (
          <Alert severity="success">
            <AlertTitle>Conexión correcta</AlertTitle>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
              <dt>Identidad</dt>
              <dd style={{ margin: 0 }}>{probe.data.identity}</dd>
              <dt>Versión</dt>
              <dd style={{ margin: 0 }}>{probe.data.version}</dd>
              <dt>Encendido</dt>
              <dd style={{ margin: 0 }}>{uptimeText(probe.data.uptimeSeconds) ?? probe.data.uptime}</dd>
              {probe.data.boardName && (
                <>
                  <dt>Modelo</dt>
                  <dd style={{ margin: 0 }}>{probe.data.boardName}</dd>
                </>
              )}
            </Box>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => probe.mutate(router.id)} disabled={probe.isPending}>
          Probar de nuevo
        </Button>
        <Button variant="contained" onClick={onClose} disabled={probe.isPending}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
