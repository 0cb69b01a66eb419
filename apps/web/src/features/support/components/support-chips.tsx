import { priorityLabel, type SupportStatus } from '@airlink/domain';
import { Chip, type ChipProps } from '@mui/material';

type ChipColor = NonNullable<ChipProps['color']>;

const PRIORITY_COLOR: Record<number, ChipColor> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'default' };
export const STATUS_COLOR: Record<SupportStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  Abierto: 'info',
  'En Progreso': 'warning',
  Resuelto: 'success',
  Cerrado: 'secondary',
};

/** 1 Critico red, 2 Urgente orange, 3 Normal blue, 4 Baja grey. */
export function PriorityChip({ value, size = 'small' }: { value: number; size?: ChipProps['size'] }) {
  const color = PRIORITY_COLOR[value] ?? 'default';
  return (
    <Chip
      size={size}
      label={priorityLabel(value)}
      color={color}
      variant={value <= 2 ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** Abierto, En Progreso, Resuelto, Cerrado, each in its colour. */
export function StatusChip({ value, size = 'small' }: { value: SupportStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} label={value} color={STATUS_COLOR[value]} variant="outlined" sx={{ fontWeight: 600 }} />;
}
