import { RECHECK_AFTER_CONNECT_MS, RECHECK_AFTER_RESTART_MS } from '@airlink/domain';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useConnectInstance } from '../../api/connect-instance';
import { useInstanceState } from '../../api/instance-state';
import { useInstances } from '../../api/list-instances';
import { whatsappKeys } from '../../api/whatsapp-query-keys';
import { StatusChip } from '../status-chip';
import { errorText, type ReportResult } from './test-result';

/**
 * The test panel's 'Instancia': the instance's address and state, 'Verificar Estado', 'Conectar' with its QR while
 * not open (re-checked every 2 s until scanned, at most 30 times) and 'Reiniciar' (re-checked after 5 s).
 */
export function InstancePanel({ instance, report }: { instance: string; report: ReportResult }) {
  const queryClient = useQueryClient();
  const instances = useInstances();
  const state = useInstanceState(instance);
  const connect = useConnectInstance();
  const [qr, setQr] = useState<{ qr: string | null; pairingCode: string | null } | null>(null);
  const qrRef = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const info = instances.data?.find((i) => i.instanceName === instance);
  const current = state.data?.state ?? null;

  /** The status again after `ms`; while a QR waits to be scanned, every 2 s (at most 30 times) until open. */
  const recheck = (ms: number, pairing = false, left = 30) => {
    timers.current.push(
      setTimeout(() => {
        void state.refetch().then((r) => {
          if (r.data?.state === 'open') {
            if (pairing) {
              setQr(null);
              report({ severity: 'success', text: 'Instancia conectada exitosamente' });
            }
          } else if (pairing && left > 1) recheck(RECHECK_AFTER_CONNECT_MS, true, left - 1);
        });
      }, ms),
    );
  };

  const verify = async () => {
    const r = await state.refetch();
    if (r.isError)
      report({ severity: 'error', text: `Error al verificar el estado de la instancia: ${errorText(r.error)}` });
    else if (r.data?.state === 'open') {
      report({
        severity: 'success',
        text: qr ? 'Instancia conectada exitosamente' : 'La instancia está conectada (open)',
      });
      setQr(null);
    } else
      report({
        severity: 'warning',
        text: `La instancia no está conectada. Estado: ${r.data?.state || 'desconocido'}`,
      });
  };

  const connectOrRestart = async (action: 'connect' | 'restart') => {
    const what = action === 'connect' ? 'Error al conectar la instancia' : 'Error al reiniciar la instancia';
    try {
      const r = await connect.mutateAsync({ instance, action });
      if (action === 'restart') {
        report({
          severity: 'success',
          text: 'Instancia reiniciada exitosamente. Espera unos segundos para que se reconecte.',
        });
        recheck(RECHECK_AFTER_RESTART_MS);
      } else if (r.state === 'open') {
        report({ severity: 'success', text: 'Instancia conectada exitosamente' });
        void queryClient.invalidateQueries({ queryKey: whatsappKeys.state(instance) });
      } else {
        setQr({ qr: r.qr, pairingCode: r.pairingCode });
        report({ severity: 'info', text: 'Escanea el código QR con WhatsApp en el teléfono de la instancia.' }, qrRef);
        recheck(RECHECK_AFTER_CONNECT_MS, true);
      }
    } catch (e) {
      report({ severity: 'error', text: `${what}: ${errorText(e)}` });
      void state.refetch();
    }
  };

  const busy = connect.isPending || state.isFetching;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Instancia
      </Typography>
      <Stack spacing={0.75}>
        <Typography variant="body2">
          <strong>Instancia:</strong> {instance}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>URL base:</strong> {info?.baseUrl || (instances.isPending ? '…' : 'Sin configurar')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">
            <strong>Estado:</strong>
          </Typography>
          {state.isPending ? <CircularProgress size={16} /> : <StatusChip state={state.isError ? null : current} />}
        </Stack>
        {state.isError && (
          <Typography variant="body2" color="error">
            Error al verificar el estado de la instancia: {errorText(state.error)}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={() => void verify()} disabled={busy}>
          Verificar Estado
        </Button>
        {current !== 'open' && (
          <Button variant="contained" onClick={() => void connectOrRestart('connect')} disabled={busy}>
            Conectar
          </Button>
        )}
        <Button variant="outlined" color="warning" onClick={() => void connectOrRestart('restart')} disabled={busy}>
          Reiniciar
        </Button>
      </Stack>
      {qr && (
        <Stack ref={qrRef} spacing={1} sx={{ mt: 2, alignItems: 'center', scrollMarginTop: 96 }}>
          {qr.qr ? (
            <Box component="img" src={qr.qr} alt="Código QR para vincular WhatsApp" sx={{ width: 220, height: 220 }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              El código QR todavía no está listo; vuelve a intentar en unos segundos.
            </Typography>
          )}
          {qr.pairingCode && (
            <Typography variant="body2">
              Código de vinculación: <strong>{qr.pairingCode}</strong>
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
