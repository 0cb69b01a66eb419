import { logEntryInputSchema, type Contract } from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCreateLogEntry } from '../api/create-log-entry';
import { applyServerErrors } from '../../../lib/apply-server-errors';

const formSchema = logEntryInputSchema.pick({ log1: true });
interface FormValues {
  log1: string;
}

export interface LogEntryDialogProps {
  customer: Pick<Contract, 'id' | 'idcliente' | 'nombre'>;
  onClose: () => void;
}

/** 'Nuevo registro': a free-text entry in the customer's Registro (POST /api/registros). */
export function LogEntryDialog({ customer, onClose }: LogEntryDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLogEntry();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { log1: '' } });

  const save = async ({ log1 }: FormValues) => {
    setFormError(null);
    try {
      await create.mutateAsync({ idCliente: customer.id, idcliente: customer.idcliente, log1 });
      enqueueSnackbar('Registro guardado', { variant: 'success' });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['log1'], setError));
    }
  };

  return (
    <FormDialog
      open
      title="Nuevo registro"
      onClose={onClose}
      onSubmit={handleSubmit(save)}
      submitting={create.isPending}
      error={formError}
      maxWidth="sm"
    >
      <TextField
        {...register('log1')}
        label={`Registro de ${customer.nombre}`}
        placeholder="Ej. Llamó para reportar intermitencia; se le pidió reiniciar la antena."
        required
        autoFocus
        fullWidth
        multiline
        minRows={4}
        error={Boolean(errors.log1)}
        helperText={errors.log1?.message ?? 'Queda con tu nombre, la fecha y la hora.'}
      />
    </FormDialog>
  );
}
