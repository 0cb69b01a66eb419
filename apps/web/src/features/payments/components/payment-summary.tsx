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
  /** The contract's credit balance (saldo a favor). */
  credit: number;
  /** Marked 'Abono (pago parcial)'. */
  abono: boolean;
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
 * What will be charged (service, reconnection fee, IVA, total), the months it pays with the credit
 * balance, the credit that remains and the period it should cover, as the server will compute them
 * (docs/business-rules.md "Payments"). Below one month without 'Abono' it shows the server's refusal. The server is
 * the authority: the receipt shows the final period and credit.
 */
export function PaymentSummary({
  monto,
  monthly,
  paidUntil,
  reconexion,
  facturar,
  credit,
  abono,
}: PaymentSummaryProps) {
  if (monto === null || monto <= 0) {
    return (
      <Box role="status" aria-label="Resumen del cobro" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Escribe el monto para ver el resumen del cobro.
        </Typography>
      </Box>
    );
  }
  const c = chargeBreakdown(monto, monthly, { reconexion, facturar, credit, abono });
  const period = expectedPeriod(paidUntil, c.months, reconexion);
  const months = `${c.months} ${c.months === 1 ? 'mes' : 'meses'}`;
  return (
    <Box role="status" aria-label="Resumen del cobro" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Stack spacing={0.5}>
        <Row label={c.short ? 'Abono (pago parcial)' : `Servicio (${months})`} value={c.base} />
        {reconexion && <Row label="Reconexión" value={c.reconnection} />}
        {facturar && <Row label="IVA (16 %)" value={c.iva} />}
        <Divider />
        <Row label="Total a cobrar" value={c.total} strong />
        {c.refusal === null && (
          <>
            <Divider />
            {c.creditBefore > 0 && <Row label="Saldo a favor actual" value={c.creditBefore} />}
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">Meses que cubre</Typography>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {months}
              </Typography>
            </Stack>
            <Row label="Saldo a favor que queda" value={c.creditAfter} />
            <Typography variant="caption" color="text.secondary">
              {c.months > 0
                ? `Periodo que cubre: del ${dayText(period.fechaInicio)} al ${dayText(period.fechaFinalizacion)}`
                : `No completa una mensualidad: queda pagado hasta el ${dayText(paidUntil)}.`}
            </Typography>
          </>
        )}
      </Stack>
      {c.refusal !== null && (
        <Alert severity="error" sx={{ mt: 1, py: 0 }}>
          {c.refusal}
        </Alert>
      )}
    </Box>
  );
}
