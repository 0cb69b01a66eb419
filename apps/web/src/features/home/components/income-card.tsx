import { formatMoney, formatNumber } from '@airlink/domain';
import { keyframes } from '@emotion/react';
import { alpha, Avatar, Box, Card, Chip, Divider, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import type { IncomeFigures, IncomeTotal } from '../income-figures';

const flash = keyframes`
  0% { opacity: 0; }
  15% { opacity: 1; }
  100% { opacity: 0; }
`;
const rise = keyframes`
  0% { opacity: 0; transform: translateY(6px); }
  12% { opacity: 1; transform: translateY(0); }
  80% { opacity: 1; }
  100% { opacity: 0; }
`;

export interface IncomeCardProps {
  title: string;
  icon: ReactNode;
  /** The card's accent (a palette colour). */
  color: string;
  figures: IncomeFigures;
  /** A payment just pushed for this place: the card flashes and shows its amount for a moment. */
  newPayment?: { seq: number; monto: number } | null;
}

function paymentsText(n: number, when: string): string {
  if (n === 0) return `Sin pagos ${when}`;
  return n === 1 ? `1 pago ${when}` : `${formatNumber(n)} pagos ${when}`;
}

function Secondary({ label, total }: { label: string; total: IncomeTotal }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(total.monto)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({formatNumber(total.cantidadPagos)})
        </Typography>
      </Typography>
    </Box>
  );
}

/** Today's income of one place (cash office or bank), with yesterday and the month so far. */
export function IncomeCard({ title, icon, color, figures, newPayment }: IncomeCardProps) {
  const titleId = useId();
  const { today, yesterday, monthToDate } = figures;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', position: 'relative', borderTop: 3, borderTopColor: color }}
    >
      {newPayment && (
        // A green glow over the card that fades out; the key restarts it for every new payment.
        <Box
          key={newPayment.seq}
          aria-hidden
          sx={(t) => ({
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            opacity: 0,
            bgcolor: alpha(t.palette.success.main, 0.06),
            boxShadow: `inset 0 0 0 2px ${alpha(t.palette.success.main, 0.55)}`,
            borderRadius: 'inherit',
            animation: `${flash} 2.4s ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          })}
        />
      )}
      <Box sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" sx={{ bgcolor: alpha(color, 0.12), color, width: 40, height: 40 }}>
            {icon}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography id={titleId} variant="body2" component="h3" color="text.secondary" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              data-testid="income-today"
              sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.25 }}
            >
              {formatMoney(today.monto)}
            </Typography>
          </Box>
          {newPayment && (
            <Chip
              key={newPayment.seq}
              size="small"
              color="success"
              label={`+${formatMoney(newPayment.monto)}`}
              sx={{
                fontWeight: 700,
                animation: `${rise} 6s ease-out forwards`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="income-today-count">
          {paymentsText(today.cantidadPagos, 'hoy')}
        </Typography>
        <Divider sx={{ my: 1.25 }} />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Secondary label="Ayer" total={yesterday} />
          <Secondary label="Mes a la fecha" total={monthToDate} />
        </Stack>
      </Box>
    </Card>
  );
}
