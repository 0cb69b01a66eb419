import { Box, CircularProgress, Typography } from '@mui/material';
import { bpsText, speedText } from '../../../lib/speed-text';
import { useContractSpeed } from '../api/get-contract-speed';

/**
 * 'Velocidad actual' beside the plan: the customer's download and upload now as the router measures them, with
 * the plan's limit the router holds, refreshed every few seconds while the panel is open; 'Sin sesión' when the
 * customer is not connected. Only for a contract with a router.
 */
export function CurrentSpeed({ contractId }: { contractId: number }) {
  const speed = useContractSpeed(contractId);
  if (speed.isPending) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 400 }}>
        <CircularProgress size={14} aria-hidden /> Leyendo…
      </Box>
    );
  }
  if (speed.isError && !speed.data) {
    return (
      <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }} title={speed.error.message}>
        No disponible
      </Box>
    );
  }
  const s = speed.data!;
  const limit =
    s.limiteBajadaMbps === null
      ? 'Sin límite en el router'
      : `Límite ${speedText(s.limiteBajadaMbps, s.limiteSubidaMbps)}`;
  return (
    <Box component="span" sx={{ display: 'block' }} aria-live="polite">
      {s.estado === 'en_linea' ? (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          ↓ {bpsText(s.bajadaBps)} · ↑ {bpsText(s.subidaBps)}
        </Box>
      ) : (
        <Box component="span">Sin sesión</Box>
      )}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
        {limit}
      </Typography>
    </Box>
  );
}
