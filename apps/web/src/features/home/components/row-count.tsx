import { formatNumber } from '@airlink/domain';
import { Typography } from '@mui/material';

/** '1,234 registros': how many rows a paginated grid holds in all. */
export function RowCount({ n }: { n: number }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {formatNumber(n)} {n === 1 ? 'registro' : 'registros'}
    </Typography>
  );
}
