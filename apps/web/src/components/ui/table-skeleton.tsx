import { Box, Skeleton, Stack } from '@mui/material';

export interface TableSkeletonProps {
  rows?: number;
  columns?: number;
}

/** A table-shaped placeholder while a list loads. */
export function TableSkeleton({ rows = 5, columns = 4 }: TableSkeletonProps) {
  const cells = Array.from({ length: columns }, (_, i) => i);
  return (
    <Box
      role="progressbar"
      aria-label="Cargando"
      aria-busy="true"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={2} sx={{ mb: 1.5 }}>
        {cells.map((c) => (
          <Skeleton key={c} variant="text" sx={{ flex: 1, fontSize: '1rem' }} />
        ))}
      </Stack>
      {Array.from({ length: rows }, (_, r) => (
        <Stack key={r} direction="row" spacing={2} sx={{ py: 0.75 }}>
          {cells.map((c) => (
            <Skeleton key={c} variant="rounded" height={20} sx={{ flex: 1 }} />
          ))}
        </Stack>
      ))}
    </Box>
  );
}
