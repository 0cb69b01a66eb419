import { Chip, Stack } from '@mui/material';
import { customerStatusBadges, type StatusSource } from '../customer-status';

/** The status chips of a customer (Suspendido, Retraso N días, Sin autorizar, Cancelado or Al corriente). */
export function CustomerStatusChips({ customer, nowrap = false }: { customer: StatusSource; nowrap?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ flexWrap: nowrap ? 'nowrap' : 'wrap', rowGap: 0.5, alignItems: 'center', minWidth: 0 }}
    >
      {customerStatusBadges(customer).map((b) => (
        <Chip
          key={b.label}
          size="small"
          label={b.label}
          color={b.color}
          variant={b.label === 'Sin autorizar' ? 'outlined' : 'filled'}
        />
      ))}
    </Stack>
  );
}
