import { formatMoney } from '@airlink/domain';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { dayText } from '../../../../components/ui/date-text';
import type { PayableContract } from './payment-form';

/** Who pays: name, suspended chip, display id, monthly amount, paid-until date and credit balance. */
export function PaymentContractHeader({ contract }: { contract: PayableContract }) {
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {contract.nombre}
        </Typography>
        {contract.cortado && <Chip size="small" color="error" label="Suspendido" />}
      </Stack>
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {contract.idcliente}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Mensualidad {formatMoney(contract.monto)} · Pagado hasta {dayText(contract.fechaFin)}
        {contract.saldoAFavor > 0 && ` · Saldo a favor ${formatMoney(contract.saldoAFavor)}`}
      </Typography>
    </Box>
  );
}
