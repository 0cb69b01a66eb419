import { useEffect } from 'react';
import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_PRIORITIES,
  supportTicketInputSchema,
  type SupportTicketFormValues,
  type SupportTicketInput,
} from '@airlink/domain';
import { Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MultilineFormField, SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCreateSupportTicket } from '../api/create-support-ticket';

const FIELDS = ['titulo', 'observaciones', 'telefonoCliente', 'prioridad'] as const;
const PRIORITY_OPTIONS = SUPPORT_PRIORITIES.map((p) => ({ value: p.value, label: p.label }));

export interface SupportTicketCustomer {
  id: number;
  nombre: string;
  telefono: string;
}

export interface SupportTicketDialogProps {
  open: boolean;
  onClose: () => void;
  customer: SupportTicketCustomer;
}

function emptyValues(customer: SupportTicketCustomer): SupportTicketFormValues {
  return {
    idCliente: customer.id,
    idContrato: customer.id,
    titulo: '',
    observaciones: '',
    telefonoCliente: customer.telefono ?? '',
    prioridad: DEFAULT_SUPPORT_PRIORITY,
  };
}

/**
 * 'Nuevo ticket de soporte' from the customer panel: title, observations, phone (the customer's, editable)
 * and priority (4 Baja by default). POST /api/soporte; the customer's tickets and the support center refresh.
 */
export function SupportTicketDialog({ open, onClose, customer }: SupportTicketDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSupportTicket();
  const { form, formError, setFormError, submit } = useFormKit<SupportTicketFormValues, SupportTicketInput>({
    schema: supportTicketInputSchema,
    defaultValues: emptyValues(customer),
    serverFields: FIELDS,
  });
  const { control, reset } = form;

  // A new customer (or a reopened dialog) starts from a clean form with that customer's phone.
  const { id, nombre, telefono } = customer;
  useEffect(() => {
    if (open) reset(emptyValues({ id, nombre, telefono }));
  }, [open, id, nombre, telefono, reset]);

  const close = () => {
    setFormError(null);
    create.reset();
    onClose();
  };

  const save = async (values: SupportTicketInput) => {
    const ticket = await create.mutateAsync(values);
    enqueueSnackbar(`Ticket #${ticket.id} registrado`, { variant: 'success' });
    close();
  };

  return (
    <FormDialog
      open={open}
      title="Nuevo ticket de soporte"
      onClose={close}
      onSubmit={submit(save)}
      submitText="Registrar ticket"
      submitting={create.isPending}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          Cliente: <strong>{customer.nombre}</strong>
        </Typography>
        <TextFormField
          control={control}
          name="titulo"
          label="Título"
          required
          autoFocus
          autoComplete="off"
          placeholder="Ej. Sin servicio desde la mañana"
        />
        <MultilineFormField
          control={control}
          name="observaciones"
          label="Observaciones"
          maxRows={10}
          placeholder="Qué reporta el cliente, qué se revisó, a qué hora se le puede llamar…"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextFormField
            control={control}
            name="telefonoCliente"
            label="Teléfono de contacto"
            type="tel"
            autoComplete="off"
            fullWidth
          />
          <SelectFormField control={control} name="prioridad" label="Prioridad" fullWidth options={PRIORITY_OPTIONS} />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
