import { useEffect, useState } from 'react';
import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_PRIORITIES,
  supportTicketInputSchema,
  type SupportTicketFormValues,
  type SupportTicketInput,
} from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCreateSupportTicket } from '../api/create-support-ticket';
import { applyServerErrors } from '../../../lib/apply-server-errors';

const FIELDS = ['titulo', 'observaciones', 'telefonoCliente', 'prioridad'] as const;

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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SupportTicketFormValues, unknown, SupportTicketInput>({
    resolver: zodResolver(supportTicketInputSchema),
    defaultValues: emptyValues(customer),
  });

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
    setFormError(null);
    try {
      const ticket = await create.mutateAsync(values);
      enqueueSnackbar(`Ticket #${ticket.id} registrado`, { variant: 'success' });
      close();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <FormDialog
      open={open}
      title="Nuevo ticket de soporte"
      onClose={close}
      onSubmit={handleSubmit(save)}
      submitText="Registrar ticket"
      submitting={create.isPending}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          Cliente: <strong>{customer.nombre}</strong>
        </Typography>
        <TextField
          {...register('titulo')}
          label="Título"
          required
          autoFocus
          autoComplete="off"
          placeholder="Ej. Sin servicio desde la mañana"
          error={Boolean(errors.titulo)}
          helperText={errors.titulo?.message}
        />
        <TextField
          {...register('observaciones')}
          label="Observaciones"
          multiline
          minRows={3}
          maxRows={10}
          placeholder="Qué reporta el cliente, qué se revisó, a qué hora se le puede llamar…"
          error={Boolean(errors.observaciones)}
          helperText={errors.observaciones?.message}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register('telefonoCliente')}
            label="Teléfono de contacto"
            type="tel"
            autoComplete="off"
            fullWidth
            error={Boolean(errors.telefonoCliente)}
            helperText={errors.telefonoCliente?.message}
          />
          <Controller
            control={control}
            name="prioridad"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Prioridad"
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? DEFAULT_SUPPORT_PRIORITY}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {SUPPORT_PRIORITIES.map((p) => (
                  <MenuItem key={p.value} value={p.value}>
                    {p.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
