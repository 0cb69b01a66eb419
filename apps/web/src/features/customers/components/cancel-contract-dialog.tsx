import { cancelContractSchema, type CancelContract, type Contract } from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCancelContract } from '../api/contract-actions';
import { applyServerErrors } from '../../../lib/apply-server-errors';

type FormValues = z.input<typeof cancelContractSchema>;

export interface CancelContractDialogProps {
  contract: Contract;
  onClose: () => void;
}

/** 'Cancelar Contrato' (level 17): ends the contract; the reason (at least 5 characters) is required. */
export function CancelContractDialog({ contract, onClose }: CancelContractDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelContract();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, CancelContract>({
    resolver: zodResolver(cancelContractSchema),
    defaultValues: { motivo: '' },
  });

  const save = async ({ motivo }: CancelContract) => {
    setFormError(null);
    try {
      await cancel.mutateAsync({ id: contract.id, motivo });
      enqueueSnackbar('Contrato cancelado', { variant: 'success' });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['motivo'], setError));
    }
  };

  return (
    <FormDialog
      open
      title="Cancelar Contrato"
      onClose={onClose}
      onSubmit={handleSubmit(save)}
      submitText="Cancelar contrato"
      cancelText="Volver"
      submitting={cancel.isPending}
      error={formError}
      maxWidth="xs"
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        El contrato de {contract.nombre} terminará hoy. Ya no se podrá cortar, reconectar ni autorizar.
      </Alert>
      <TextField
        {...register('motivo')}
        label="Motivo de la cancelación"
        required
        autoFocus
        fullWidth
        multiline
        minRows={3}
        error={Boolean(errors.motivo)}
        helperText={errors.motivo?.message ?? 'Al menos 5 caracteres. Quedará en el registro del cliente.'}
      />
    </FormDialog>
  );
}
