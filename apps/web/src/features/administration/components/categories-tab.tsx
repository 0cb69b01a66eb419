import type { ExpenseCategory } from '@airlink/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { CategoryIcon, useDeleteExpenseCategory, useExpenseCategories } from '../../expenses';
import { CategoryDialog } from './category-dialog';

type Editing = { category: ExpenseCategory | null } | null;

/** 'Categorías de gastos': add, rename, change the icon, delete one no expense uses. */
export function CategoriesTab() {
  const categories = useExpenseCategories();
  const remove = useDeleteExpenseCategory();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ExpenseCategory | null>(null);

  if (categories.isPending) return <CardSkeleton lines={8} />;
  if (categories.isError) {
    return <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />;
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(`Categoría ${deleting.nombre} eliminada`, { variant: 'success' });
    } catch (error) {
      // In use (409) or gone: the server's Spanish message says why.
      enqueueSnackbar(error instanceof Error ? error.message : 'No se pudo eliminar la categoría', {
        variant: 'warning',
      });
    }
    setDeleting(null);
  };

  return (
    <Paper variant="outlined">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ px: 2, pt: 2, pb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          Las categorías con las que se registran los gastos.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ category: null })}>
          Nueva categoría
        </Button>
      </Stack>
      <Box component="ul" aria-label="Categorías de gastos" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {categories.data.map((c) => (
          <Box
            component="li"
            key={c.id}
            sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 2 }}
          >
            <CategoryIcon name={c.icono} color="action" />
            <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{c.nombre}</Typography>
            <Tooltip title="Editar categoría">
              <IconButton aria-label={`Editar ${c.nombre}`} onClick={() => setEditing({ category: c })}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Eliminar categoría">
              <IconButton aria-label={`Eliminar ${c.nombre}`} onClick={() => setDeleting(c)}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
      {editing && <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar categoría"
        message={`¿Eliminar la categoría ${deleting?.nombre ?? ''}? Solo se puede si ningún gasto la usa.`}
        confirmText="Eliminar"
        destructive
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
