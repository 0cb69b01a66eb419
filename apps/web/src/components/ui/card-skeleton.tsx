import { Card, CardContent, Skeleton } from '@mui/material';

export interface CardSkeletonProps {
  /** Number of text lines under the heading. */
  lines?: number;
}

/** A card-shaped placeholder while a card's data loads. */
export function CardSkeleton({ lines = 3 }: CardSkeletonProps) {
  return (
    <Card variant="outlined" role="progressbar" aria-label="Cargando" aria-busy="true">
      <CardContent>
        <Skeleton variant="text" width="40%" sx={{ fontSize: '1.25rem' }} />
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} variant="text" width={i === lines - 1 ? '60%' : '100%'} />
        ))}
      </CardContent>
    </Card>
  );
}
