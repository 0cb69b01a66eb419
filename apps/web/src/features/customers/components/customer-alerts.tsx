import { latenessText, type Contract } from '@airlink/domain';
import { Alert, AlertTitle, Stack } from '@mui/material';
import { dayText } from '../../../components/ui/date-text';

/**
 * The panel's alerts: 'Cancelado' (date, reason, paid-until) for an ended contract, 'Suspendido' when
 * the service is cut, 'Retraso de Pago' with months, days and the cut-off date when an active
 * contract is late (an ended contract has no cut-off date ahead).
 */
export function CustomerAlerts({ contract: c }: { contract: Contract }) {
  const alerts = [];
  if (!c.activo) {
    alerts.push(
      <Alert key="cancelado" severity="info" variant="outlined" sx={{ borderColor: 'text.disabled' }}>
        <AlertTitle>Cancelado</AlertTitle>
        Contrato cancelado{c.fechaCancelacion ? ` el ${dayText(c.fechaCancelacion)}` : ''}.
        {c.motivoCancelacion ? ` Motivo: ${c.motivoCancelacion.replace(/\.+$/, '')}.` : ''} Quedó pagado hasta el{' '}
        {dayText(c.fechaFin)}.
      </Alert>,
    );
  }
  if (c.cortado) {
    alerts.push(
      <Alert key="suspendido" severity="error">
        <AlertTitle>Suspendido</AlertTitle>
        El servicio de este cliente está cortado.
      </Alert>,
    );
  }
  if (c.activo && c.diasRetraso > 0) {
    alerts.push(
      <Alert key="retraso" severity="warning">
        <AlertTitle>Retraso de Pago</AlertTitle>
        {latenessText(c)} (pagado hasta el {dayText(c.fechaFin)}).
      </Alert>,
    );
  }
  if (alerts.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Avisos del cliente" role="region">
      {alerts}
    </Stack>
  );
}
