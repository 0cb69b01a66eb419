import { SUPPORT_PRIORITIES, SUPPORT_STATUSES, type SupportTicket } from '@airlink/domain';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useWatch } from 'react-hook-form';
import { MultilineFormField, SelectFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useAssignees } from '../api/list-assignees';
import { useUpdateSupportTicket } from '../api/update-support-ticket';
import { manageValuesOf, ticketChanges, type TicketManageValues } from '../ticket-changes';

const STATUS_OPTIONS = SUPPORT_STATUSES.map((s) => ({ value: s, label: s }));
const PRIORITY_OPTIONS = SUPPORT_PRIORITIES.map((p) => ({ value: p.value, label: p.label }));

/**
 * Status, priority and assignee of a ticket with an optional note: PUT /api/soporte/{id} sends only what
 * changed. Mount it with a key of the ticket's updatedAt so a saved change starts a clean form.
 */
export function TicketManageForm({ ticket }: { ticket: SupportTicket }) {
  const { enqueueSnackbar } = useSnackbar();
  const assignees = useAssignees();
  const update = useUpdateSupportTicket();
  const { form, formError, submit } = useFormKit<TicketManageValues>({ defaultValues: manageValuesOf(ticket) });
  const { control } = form;
  const values = useWatch({ control }) as TicketManageValues;
  const changes = ticketChanges(ticket, values);

  // The current assignee stays selectable even when no longer in the list (e.g. deactivated).
  const options = [...(assignees.data ?? [])];
  if (ticket.asignadoA !== null && !options.some((a) => a.id === ticket.asignadoA)) {
    options.push({ id: ticket.asignadoA, nombre: ticket.asignadoNombre ?? `Usuario ${ticket.asignadoA}` });
  }

  const save = async (saved: TicketManageValues) => {
    const sent = ticketChanges(ticket, saved);
    if (!sent) return;
    await update.mutateAsync({ id: ticket.id, changes: sent });
    enqueueSnackbar('Ticket actualizado', { variant: 'success' });
  };

  return (
    <Stack component="form" aria-label="Actualizar ticket" noValidate spacing={2} onSubmit={submit(save)}>
      <Typography variant="subtitle2" component="h3">
        Actualizar ticket
      </Typography>
      {formError && <Alert severity="error">{formError}</Alert>}
      <SelectFormField control={control} name="estado" size="small" label="Estado" options={STATUS_OPTIONS} />
      <SelectFormField control={control} name="prioridad" size="small" label="Prioridad" options={PRIORITY_OPTIONS} />
      <SelectFormField
        control={control}
        name="asignadoA"
        size="small"
        label="Asignado a"
        emptyOption={<em>Sin asignar</em>}
        options={options.map((a) => ({ value: a.id, label: a.nombre }))}
        invalid={assignees.isError}
        helperText={assignees.isError ? 'No se pudo cargar la lista de personal.' : undefined}
      />
      <MultilineFormField
        control={control}
        name="nota"
        size="small"
        label="Nota (opcional)"
        minRows={2}
        maxRows={6}
        placeholder="Qué se hizo o por qué cambia"
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!changes || update.isPending}
        startIcon={update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveOutlinedIcon />}
      >
        Guardar cambios
      </Button>
    </Stack>
  );
}
