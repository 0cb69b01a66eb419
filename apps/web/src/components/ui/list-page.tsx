import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Tooltip } from '@mui/material';
import { GridActionsCellItem, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';

/** One icon button of a table row (with its tooltip and accessible label). */
export interface RowAction<T> {
  label: string;
  icon: ReactElement;
  onClick: (row: T) => void;
}

/**
 * The 'Acciones' column of a list page: one icon button per action, in order. Put it right after the id: on
 * a laptop or a phone the table scrolls sideways and the actions must stay in view.
 */
export function actionsColumn<T extends GridValidRowModel>(actions: Array<RowAction<T>>): GridColDef<T> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Acciones',
    width: Math.max(80, 40 * actions.length + 10),
    getActions: ({ row }) =>
      actions.map((a) => (
        <GridActionsCellItem
          key={a.label}
          icon={<Tooltip title={a.label}>{a.icon}</Tooltip>}
          label={a.label}
          onClick={() => a.onClick(row)}
        />
      )),
  };
}

export interface ListPageProps {
  title: string;
  subtitle: ReactNode;
  /** The 'Agregar …' button; none when the user may not add. */
  add?: { label: string; onClick: () => void };
  /** Set when the list could not be loaded: shown with 'Reintentar' instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** Search and filter fields above the table. */
  filters?: ReactNode;
  /** The table. */
  children: ReactNode;
  /** The page's dialogs. */
  dialogs?: ReactNode;
}

/** The shape of a list page (Sites, Routers, Dispositivos): title, 'Agregar', filters, the table or its error. */
export function ListPage({ title, subtitle, add, error, onRetry, filters, children, dialogs }: ListPageProps) {
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          add ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={add.onClick}>
              {add.label}
            </Button>
          ) : undefined
        }
      />
      {filters}
      {error ? (
        <Paper variant="outlined">
          <ErrorState message={error} onRetry={onRetry} />
        </Paper>
      ) : (
        children
      )}
      {dialogs}
    </Box>
  );
}
