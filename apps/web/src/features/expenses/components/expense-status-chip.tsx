import type { ExpenseStatus } from '@airlink/domain';
import { Chip } from '@mui/material';

const COLOR: Record<ExpenseStatus, 'success' | 'warning' | 'error'> = {
  Pagado: 'success',
  Pendiente: 'warning',
  Atrasado: 'error',
};

/** Pagado (green), Pendiente (orange), Atrasado (red: pending past its scheduled date). */
export function ExpenseStatusChip({ status }: { status: ExpenseStatus }) {
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={status} sx={{ fontWeight: 600 }} />;
}
