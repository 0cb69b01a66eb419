import { INVOICE_STATE_TEXT, type InvoiceState } from '@airlink/domain';
import { Chip, type ChipProps } from '@mui/material';

const COLORS: Record<InvoiceState, ChipProps['color']> = {
  pendiente: 'info',
  valida: 'success',
  cancelacion_pendiente: 'warning',
  cancelada: 'default',
  error: 'error',
};

/** An invoice's state as a small chip ('Válida', 'Con error'…). */
export function InvoiceStateChip({ estado }: { estado: InvoiceState }) {
  return <Chip size="small" variant="outlined" color={COLORS[estado]} label={INVOICE_STATE_TEXT[estado]} />;
}
