import { logEntryInputSchema, type Contract } from '@airlink/domain';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MultilineFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCreateLogEntry } from '../api/create-log-entry';

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
  const { form, formError, submit } = useFormKit<FormValues>({ schema: formSchema, defaultValues: { log1: '' } });

  const save = async ({ log1 }: FormValues) => {
    await create.mutateAsync({ idCliente: customer.id, idcliente: customer.idcliente, log1 });
    enqueueSnackbar('Registro guardado', { variant: 'success' });
    onClose();
  };

  return (
    <FormDialog
      open
      title="Nuevo registro"
      onClose={onClose}
      onSubmit={submit(save)}
      submitting={create.isPending}
      error={formError}
      maxWidth="sm"
    >
      <MultilineFormField
        control={form.control}
        name="log1"
        label={`Registro de ${customer.nombre}`}
        placeholder="Ej. Llamó para reportar intermitencia; se le pidió reiniciar la antena."
        required
        autoFocus
        fullWidth
        minRows={4}
        helperText="Queda con tu nombre, la fecha y la hora."
      />
    </FormDialog>
  );
}
