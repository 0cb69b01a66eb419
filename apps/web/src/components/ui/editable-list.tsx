import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CardSkeleton } from './card-skeleton';
import { ErrorState } from './error-state';

export interface EditableListProps<T extends { id: number }> {
  /** The query of the items (a skeleton while it loads, the error with 'Reintentar' when it fails). */
  query: UseQueryResult<T[], Error>;
  /** The list's accessible name. */
  label: string;
  /** The sentence above the list (what the items are for). */
  intro: ReactNode;
  /** The edit button's tooltip, e.g. 'Editar plan'. */
  editTitle: string;
  /** The item's name: the line's title and the edit button's accessible name ('Editar <name>'). */
  name: (item: T) => string;
  /** The smaller line under the name. */
  detail: (item: T) => ReactNode;
  /** Before the name (e.g. the order). */
  lead?: (item: T) => ReactNode;
  /** Between the name and the edit button (e.g. speeds, a state chip). */
  trailing?: (item: T) => ReactNode;
  /** The edit dialog of an item; `onClose` closes it. */
  dialog: (item: T, onClose: () => void) => ReactNode;
}

/**
 * A short list of reference items (Administración's 'Cuentas', 'Planes', …) each with an 'Editar' button that opens
 * its dialog: the one shell those tabs share.
 */
export function EditableList<T extends { id: number }>(props: EditableListProps<T>) {
  const { query } = props;
  const [editing, setEditing] = useState<T | null>(null);

  if (query.isPending) return <CardSkeleton lines={8} />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;

  return (
    <Paper variant="outlined">
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 1 }}>
        {props.intro}
      </Typography>
      <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {query.data.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              px: 2,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            {props.lead?.(item)}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{props.name(item)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {props.detail(item)}
              </Typography>
            </Box>
            {props.trailing && <Box sx={{ flexShrink: 0 }}>{props.trailing(item)}</Box>}
            <Tooltip title={props.editTitle}>
              <IconButton aria-label={`Editar ${props.name(item)}`} onClick={() => setEditing(item)}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
      {editing && props.dialog(editing, () => setEditing(null))}
    </Paper>
  );
}
