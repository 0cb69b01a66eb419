import type { StatementPreview } from '@airlink/domain';
import { Chip, Stack } from '@mui/material';
import { ROW_STATUS, type RowStatus } from '../statement-rows';

const PLURAL: Record<RowStatus, string> = {
  nuevo: 'Nuevos',
  duplicado: 'Duplicados',
  omitido: 'Omitidos',
  error: 'Errores',
};

/** One chip per row status with its count; a click shows only those rows, a second click all of them. */
export function StatusFilter({
  preview,
  value,
  onChange,
}: {
  preview: StatementPreview;
  value: RowStatus | null;
  onChange: (status: RowStatus | null) => void;
}) {
  const counts = [
    ['nuevo', preview.nuevos],
    ['duplicado', preview.duplicados],
    ['omitido', preview.omitidos],
    ['error', preview.errores],
  ] as const;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Filtrar por estado">
      {counts.map(([status, n]) => {
        const active = value === status;
        return (
          <Chip
            key={status}
            label={`${PLURAL[status]}: ${n}`}
            color={ROW_STATUS[status].color}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => onChange(active ? null : status)}
            aria-pressed={active}
          />
        );
      })}
    </Stack>
  );
}
