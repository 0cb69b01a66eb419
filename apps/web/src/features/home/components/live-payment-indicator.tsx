import { formatMoney } from '@airlink/domain';
import { formatTime } from '../../../lib/business-time';
import { keyframes } from '@emotion/react';
import { alpha, Box, Stack, Typography } from '@mui/material';
import type { LivePayment } from '../live-payment';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(46, 125, 50, 0.6); }
  70% { box-shadow: 0 0 0 8px rgba(46, 125, 50, 0); }
  100% { box-shadow: 0 0 0 0 rgba(46, 125, 50, 0); }
`;

/**
 * The latest payment pushed while the dashboard is open, in a small pill (a polite live region,
 * no toast: level 20 already gets the 'Pago registrado' notification with its own toast).
 */
export function LivePaymentIndicator({ payment }: { payment: LivePayment | null }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'inline-flex', minWidth: 0, maxWidth: '100%' }}>
      {payment && (
        <Stack
          key={payment.seq}
          direction="row"
          spacing={1}
          title={`${payment.cuenta ?? 'Pago'} · ${formatTime(payment.fechaPago)}`}
          sx={{
            alignItems: 'center',
            px: 1.5,
            py: 0.5,
            minWidth: 0,
            borderRadius: 999,
            border: 1,
            borderColor: 'success.light',
            bgcolor: (t) => alpha(t.palette.success.main, 0.08),
          }}
        >
          <Box
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: 'success.main',
              flexShrink: 0,
              animation: `${pulse} 1.4s ease-out 3`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
          {/* The name gives way on a narrow screen; the amount always shows. */}
          <Typography
            variant="body2"
            component="span"
            sx={{ display: 'flex', gap: 0.5, minWidth: 0, whiteSpace: 'nowrap' }}
          >
            <span>Nuevo pago: </span>
            <Box component="strong" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              {payment.nombreCliente}{' '}
            </Box>
            <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(payment.monto)}
            </Box>
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
