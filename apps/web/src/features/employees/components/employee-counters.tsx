import type { Employee } from '@airlink/domain';
import { Chip, Stack } from '@mui/material';

/** The employee's counters: faltas, vacation days used of the year's, and days left. */
export function EmployeeCounters({ employee }: { employee: Employee }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Contadores">
      <Chip
        size="small"
        color={employee.faltas > 0 ? 'warning' : 'default'}
        label={`Faltas: ${employee.faltas}`}
        data-testid="contador-faltas"
      />
      <Chip
        size="small"
        label={`Vacaciones usadas: ${employee.diasUsados} de ${employee.diasVacaciones}`}
        data-testid="contador-dias-usados"
      />
      <Chip size="small" color="info" variant="outlined" label={`Disponibles: ${employee.diasDisponibles}`} />
    </Stack>
  );
}
