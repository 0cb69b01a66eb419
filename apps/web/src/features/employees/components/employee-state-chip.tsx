import type { EmployeeState } from '@airlink/domain';
import { Chip } from '@mui/material';

const LOOK: Record<EmployeeState, { label: string; color: 'success' | 'default' | 'info' }> = {
  activo: { label: 'Activo', color: 'success' },
  inactivo: { label: 'Inactivo', color: 'default' },
  vacaciones: { label: 'Vacaciones', color: 'info' },
};

/** The employee's estado as a chip: green activo, grey inactivo, blue while on an approved vacation. */
export function EmployeeStateChip({ estado }: { estado: EmployeeState }) {
  const look = LOOK[estado];
  return (
    <Chip size="small" label={look.label} color={look.color} variant={estado === 'inactivo' ? 'outlined' : 'filled'} />
  );
}
