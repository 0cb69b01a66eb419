import { useState } from 'react';
import { SUPPORT_PRIORITIES, SUPPORT_STATUSES, type SupportStatus, type SupportTicket } from '@airlink/domain';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useAssignees } from '../api/list-assignees';
import { useUpdateSupportTicket } from '../api/update-support-ticket';
import { manageValuesOf, ticketChanges, type TicketManageValues } from '../ticket-changes';

const UNASSIGNED = 'none';

/**
 * Status, priority and assignee of a ticket with an optional note: PUT /api/soporte/{id} sends only what
 * changed. Mount it with a key of the ticket's updatedAt so a saved change starts a clean form.
 */
export function TicketManageForm({ ticket }: { ticket: SupportTicket }) {
  const { enqueueSnackbar } = useSnackbar();
  const assignees = useAssignees();
  const update = useUpdateSupportTicket();
  const [values, setValues] = useState<TicketManageValues>(() => manageValuesOf(ticket));
  const [error, setError] = useState<string | null>(null);
  const changes = ticketChanges(ticket, values);
  const set = (patch: Partial<TicketManageValues>) => setValues((v) => ({ ...v, ...patch }));

  // The current assignee stays selectable even when no longer in the list (e.g. deactivated).
  const options = [...(assignees.data ?? [])];
  if (ticket.asignadoA !== null && !options.some((a) => a.id === ticket.asignadoA)) {
    options.push({ id: ticket.asignadoA, nombre: ticket.asignadoNombre ?? `Usuario ${ticket.asignadoA}` });
  }

  const save = async () => {
    if (!changes) return;
    setError(null);
    try {
      await update.mutateAsync({ id: ticket.id, changes });
      enqueueSnackbar('Ticket actualizado', { variant: 'success' });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'No se pudo guardar. Intenta de nuevo.');
    }
  };

  return (
    <Stack
      component="form"
      aria-label="Actualizar ticket"
      noValidate
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Typography variant="subtitle2" component="h3">
        Actualizar ticket
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        select
        size="small"
        label="Estado"
        value={values.estado}
        onChange={(e) => set({ estado: e.target.value as SupportStatus })}
      >
        {SUPPORT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Prioridad"
        value={values.prioridad}
        onChange={(e) => set({ prioridad: Number(e.target.value) })}
      >
        {SUPPORT_PRIORITIES.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Asignado a"
        value={values.asignadoA === null ? UNASSIGNED : values.asignadoA}
        onChange={(e) => set({ asignadoA: e.target.value === UNASSIGNED ? null : Number(e.target.value) })}
        helperText={assignees.isError ? 'No se pudo cargar la lista de personal.' : undefined}
        error={assignees.isError}
      >
        <MenuItem value={UNASSIGNED}>
          <em>Sin asignar</em>
        </MenuItem>
        {options.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.nombre}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Nota (opcional)"
        multiline
        minRows={2}
        maxRows={6}
        value={values.nota}
        onChange={(e) => set({ nota: e.target.value })}
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
