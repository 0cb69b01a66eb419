import type { Contract } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from 'notistack';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MultilineFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCutService, useReconnectService } from '../api/contract-actions';

export interface CutServiceDialogProps {
  contract: Contract;
  onClose: () => void;
}

/** 'Cortar Servicio' or 'Reconectar Servicio', following `cortado`, with an optional note for the Registro. */
export function CutServiceDialog({ contract, onClose }: CutServiceDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const reconnecting = contract.cortado;
  const cut = useCutService();
  const reconnect = useReconnectService();
  const action = reconnecting ? reconnect : cut;
  const { form } = useFormKit<{ nota: string }>({ defaultValues: { nota: '' } });

  const confirm = ({ nota }: { nota: string }) => {
    action.mutate(
      { id: contract.id, nota: nota.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(reconnecting ? 'Servicio reconectado' : 'Servicio cortado', { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={reconnecting ? 'Reconectar Servicio' : 'Cortar Servicio'}
      message={
        reconnecting
          ? `Se restablecerá el servicio de ${contract.nombre}. Quedará anotado en su registro.`
          : `Se suspenderá el servicio de ${contract.nombre} hasta que se reconecte. Quedará anotado en su registro.`
      }
      confirmText={reconnecting ? 'Reconectar' : 'Cortar servicio'}
      destructive={!reconnecting}
      loading={action.isPending}
      onConfirm={() => void form.handleSubmit(confirm)()}
      onClose={onClose}
    >
      <MultilineFormField
        control={form.control}
        name="nota"
        label="Nota (opcional)"
        fullWidth
        minRows={2}
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {action.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {action.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
