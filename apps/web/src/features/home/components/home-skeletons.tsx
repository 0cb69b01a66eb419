import { Card, Grid, Skeleton } from '@mui/material';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { TableSkeleton } from '../../../components/ui/table-skeleton';

/** Placeholders of the income cards (and the small grids of the admin view) while they load. */
export function SummarySkeleton({ cards, grids }: { cards: number; grids: number }) {
  return (
    <Grid container spacing={2}>
      {Array.from({ length: cards }, (_, i) => (
        <Grid key={`c${i}`} size={{ xs: 12, sm: 12 / cards }}>
          <CardSkeleton lines={3} />
        </Grid>
      ))}
      {Array.from({ length: grids }, (_, i) => (
        <Grid key={`g${i}`} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card sx={{ p: 1.5 }}>
            <Skeleton variant="text" width="45%" sx={{ mb: 1 }} />
            <TableSkeleton rows={3} columns={3} />
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
