import { Chip } from '@mui/material';

const STATES: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  open: { label: 'Conectada', color: 'success' },
  connecting: { label: 'Conectando', color: 'warning' },
  close: { label: 'Desconectada', color: 'error' },
  refused: { label: 'Rechazada', color: 'error' },
};

/** The instance's connection state as a chip: 'Conectada (open)', 'Desconectada (close)'… */
export function StatusChip({ state }: { state: string | null | undefined }) {
  const known = state ? STATES[state] : undefined;
  return (
    <Chip
      size="small"
      color={known?.color ?? 'default'}
      label={known ? `${known.label} (${state})` : state ? state : 'Desconocido'}
      data-testid="instance-state"
    />
  );
}
