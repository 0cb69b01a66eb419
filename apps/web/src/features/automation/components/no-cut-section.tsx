import { noCutInputSchema, type NoCutMarkItem, z } from '@airlink/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CustomerPickerField } from '../../../components/ui/customer-picker-field';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { DateFormField, TextFormField } from '../../../components/ui/form-fields';
import { actionsColumn } from '../../../components/ui/list-page';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { businessDate } from '../../../lib/business-time';
import { useDeleteNoCut } from '../api/delete-no-cut';
import { useNoCutMarks } from '../api/list-no-cut';
import { useSaveNoCut } from '../api/save-no-cut';
import { errorText } from './automation-labels';

export interface NoCutFormValues {
  idContrato: number | null;
  motivo: string;
  hasta: string;
}

/** The 'no cortar' form: the contract (chosen with the customer search) plus the domain's payload. */
export const noCutFormSchema = z.object({
  idContrato: z.number({ error: 'Elige el contrato' }).int(),
  ...noCutInputSchema.shape,
});
type NoCutFormOutput = z.output<typeof noCutFormSchema>;

/** 'No cortar': contracts a run never cuts while their mark holds (reason and end date), add, edit, remove. */
export function NoCutSection() {
  const marks = useNoCutMarks();
  const remove = useDeleteNoCut();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<NoCutMarkItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<NoCutMarkItem | null>(null);
  const [error, setError] = useState<string | null>(null);

  const runRemove = async (mark: NoCutMarkItem) => {
    setError(null);
    try {
      await remove.mutateAsync(mark.idContrato);
      enqueueSnackbar(`${mark.nombre} ya puede cortarse`, { variant: 'success' });
    } catch (e) {
      setError(errorText(e, "No se pudo quitar la marca 'no cortar'."));
    }
    setRemoving(null);
  };

  const columns: GridColDef<NoCutMarkItem>[] = [
    actionsColumn<NoCutMarkItem>([
      { label: 'Editar', icon: <EditIcon />, onClick: (m) => setEditing(m) },
      { label: 'Quitar', icon: <DeleteIcon />, onClick: (m) => setRemoving(m) },
    ]),
    { field: 'nombre', headerName: 'Cliente', flex: 1, minWidth: 180 },
    { field: 'motivo', headerName: 'Motivo', flex: 1, minWidth: 200 },
    {
      field: 'hasta',
      headerName: 'Hasta',
      width: 120,
      renderCell: ({ value }) => <DateText value={value as string} />,
    },
    { field: 'creadoPor', headerName: 'Marcó', width: 150, valueGetter: (v: string | null) => v ?? '—' },
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="No cortar">
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="h2">
              No cortar
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Ninguna ejecución corta estos contratos hasta la fecha indicada (incluida).
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Agregar
          </Button>
        </Box>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {marks.isError ? (
          <ErrorState message={marks.error.message} onRetry={() => void marks.refetch()} />
        ) : (
          <DataTable
            mode="client"
            aria-label="Contratos que no se cortan"
            rows={marks.data ?? []}
            columns={columns}
            getRowId={(m) => m.idContrato}
            loading={marks.isPending}
            emptyText="Sin marcas"
            emptyDescription="Marca un contrato para que ninguna ejecución lo corte (p. ej. una promesa de pago)."
          />
        )}
      </Stack>
      {editing !== null && <NoCutDialog mark={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Quitar 'no cortar'"
        message={`${removing?.nombre ?? ''} podrá cortarse en la próxima ejecución si sigue vencido.`}
        confirmText="Quitar"
        destructive
        loading={remove.isPending}
        onConfirm={() => removing && void runRemove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

function NoCutDialog({ mark, onClose }: { mark: NoCutMarkItem | null; onClose: () => void }) {
  const save = useSaveNoCut();
  const { enqueueSnackbar } = useSnackbar();
  const today = businessDate(new Date());
  const { form, formError, submit } = useFormKit<NoCutFormValues, NoCutFormOutput>({
    schema: noCutFormSchema as unknown as z.ZodType<NoCutFormOutput, NoCutFormValues>,
    defaultValues: { idContrato: mark?.idContrato ?? null, motivo: mark?.motivo ?? '', hasta: mark?.hasta ?? '' },
  });
  const onSubmit = submit(async ({ idContrato, motivo, hasta }) => {
    await save.mutateAsync({ idContrato, input: { motivo, hasta } });
    enqueueSnackbar("Marca 'no cortar' guardada", { variant: 'success' });
    onClose();
  });
  return (
    <FormDialog
      open
      title={mark ? `No cortar: ${mark.nombre}` : "Agregar 'no cortar'"}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={formError}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!mark && <CustomerPickerField control={form.control} name="idContrato" label="Contrato" required fullWidth />}
        <TextFormField control={form.control} name="motivo" label="Motivo" required fullWidth />
        <DateFormField control={form.control} name="hasta" label="Hasta" required fullWidth min={today} />
      </Stack>
    </FormDialog>
  );
}
