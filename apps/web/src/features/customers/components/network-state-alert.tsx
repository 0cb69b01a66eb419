import { mustBeCutOnRouter, networkStateLabel, type Contract } from '@airlink/domain';
import { Alert, AlertTitle, CircularProgress } from '@mui/material';
import { formatDateTime } from '../../../lib/business-time';

/**
 * What the router did about the contract's service (`estadoRed`), in the domain's words: 'Cortado en el
 * router' only once the router confirmed it; 'Cortando en el router…' while it works; the router's reason
 * when it failed. Nothing for a contract without a router.
 */
export function NetworkStateAlert({ contract: c }: { contract: Contract }) {
  if (c.idRouter === null || c.estadoRed === null) return null;
  const label = networkStateLabel(c.estadoRed, mustBeCutOnRouter(c));
  const when = c.estadoRedFecha ? ` · ${formatDateTime(c.estadoRedFecha)}` : '';
  if (c.estadoRed === 'pendiente') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />} role="status" sx={{ mb: 2 }}>
        <AlertTitle>{label}</AlertTitle>
        El router aún no confirma el cambio{when}.
      </Alert>
    );
  }
  if (c.estadoRed === 'error') {
    return (
      <Alert severity="error" role="status" sx={{ mb: 2 }}>
        <AlertTitle>{label}</AlertTitle>
        {c.estadoRedMensaje ?? 'El router no respondió.'}
        {when}
      </Alert>
    );
  }
  return (
    <Alert severity={c.cortado ? 'warning' : 'success'} variant="outlined" role="status" sx={{ mb: 2 }}>
      <AlertTitle>{label}</AlertTitle>
      Confirmado por el router{when}.
    </Alert>
  );
}
