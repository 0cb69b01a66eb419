import { formatMoney } from '@airlink/domain';
import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { chargeBreakdown, expectedPeriod } from '../payment-charge';
import { dayText } from '../../../components/ui/date-text';

export interface PaymentSummaryProps {
  /** The amount typed (null while empty or invalid). */
  monto: number | null;
  monthly: number;
  paidUntil: string;
  reconexion: boolean;
  facturar: boolean;
}

function Row({ label, value, strong }: { label: ReactNode; value: number; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(value)}
      </Typography>
    </Stack>
  );
}

/**
 * What will be charged (service, reconnection fee, IVA, total) and the period it should cover, as the
 * server will compute them. The server is the authority: the receipt shows the final period.
 */
export function PaymentSummary({ monto, monthly, paidUntil, reconexion, facturar }: PaymentSummaryProps) {
  if (monto === null || monto <= 0) {
    return (
      <Box role="status" aria-label="Resumen del cobro" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Escribe el monto para ver el resumen del cobro.
        </Typography>
      </Box>
    );
  }
  const c = chargeBreakdown(monto, monthly, reconexion, facturar);
  const period = expectedPeriod(paidUntil, c.months, reconexion);
  return (
    <Box role="status" aria-label="Resumen del cobro" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Stack spacing={0.5}>
        <Row label={`Servicio (${c.months} ${c.months === 1 ? 'mes' : 'meses'})`} value={c.base} />
        {reconexion && <Row label="Reconexión" value={c.reconnection} />}
        {facturar && <Row label="IVA (16 %)" value={c.iva} />}
        <Divider />
        <Row label="Total a cobrar" value={c.total} strong />
        <Typography variant="caption" color="text.secondary">
          Periodo que cubre: del {dayText(period.fechaInicio)} al {dayText(period.fechaFinalizacion)}
        </Typography>
      </Stack>
      {c.short && (
        <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
          El monto no alcanza la mensualidad de {formatMoney(monthly)}; el pago contará como un mes completo.
        </Alert>
      )}
    </Box>
  );
}
