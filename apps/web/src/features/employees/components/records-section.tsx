import { Alert, Button, CircularProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The list part of the attendance and vacation dialogs: its title, the error of the last action (dismissable),
 * then the records' loading, load error with 'Reintentar', empty text, or the records themselves.
 */
export function RecordsSection<T>({
  title,
  query,
  loadError,
  emptyText,
  actionError,
  onDismissError,
  children,
}: {
  title: string;
  query: UseQueryResult<T[], Error>;
  loadError: string;
  emptyText: string;
  actionError: string | null;
  onDismissError: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      {actionError && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={onDismissError}>
          {actionError}
        </Alert>
      )}
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          {loadError}
        </Alert>
      ) : query.isPending ? (
        <CircularProgress size={24} />
      ) : query.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        children(query.data)
      )}
    </>
  );
}
