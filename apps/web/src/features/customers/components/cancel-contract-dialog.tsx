import { cancelContractSchema, type CancelContract, type Contract } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MultilineFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCancelContract } from '../api/contract-actions';

type FormValues = z.input<typeof cancelContractSchema>;

export interface CancelContractDialogProps {
  contract: Contract;
  onClose: () => void;
}

/** 'Cancelar Contrato' (level 17): ends the contract; the reason (at least 5 characters) is required. */
export function CancelContractDialog({ contract, onClose }: CancelContractDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelContract();
  const { form, formError, submit } = useFormKit<FormValues, CancelContract>({
    schema: cancelContractSchema,
    defaultValues: { motivo: '' },
  });

  const save = async ({ motivo }: CancelContract) => {
    await cancel.mutateAsync({ id: contract.id, motivo });
    enqueueSnackbar('Contrato cancelado', { variant: 'success' });
    onClose();
  };

  return (
    <FormDialog
      open
      title="Cancelar Contrato"
      onClose={onClose}
      onSubmit={submit(save)}
      submitText="Cancelar contrato"
      cancelText="Volver"
      submitting={cancel.isPending}
      error={formError}
      maxWidth="xs"
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        El contrato de {contract.nombre} terminará hoy. Ya no se podrá cortar, reconectar ni autorizar.
      </Alert>
      <MultilineFormField
        control={form.control}
        name="motivo"
        label="Motivo de la cancelación"
        required
        autoFocus
        fullWidth
        helperText="Al menos 5 caracteres. Quedará en el registro del cliente."
      />
    </FormDialog>
  );
}
