import type { Contract } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuthorizeContract } from '../api/contract-actions';

export interface AuthorizeContractDialogProps {
  contract: Contract;
  onClose: () => void;
}

/** 'Autorizar Contrato' (level 18, contract number still 0): assigns the next contract number. */
export function AuthorizeContractDialog({ contract, onClose }: AuthorizeContractDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const authorize = useAuthorizeContract();

  const confirm = () => {
    authorize.mutate(contract.id, {
      onSuccess: () => {
        enqueueSnackbar(
          <span>
            <strong>Contrato Autorizado</strong>
            <br />
            El contrato ha sido autorizado correctamente
          </span>,
          { variant: 'success' },
        );
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open
      title="Autorizar Contrato"
      message={`Se asignará el siguiente número de contrato a ${contract.nombre}. El número ya no se puede cambiar.`}
      confirmText="Autorizar"
      loading={authorize.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {authorize.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {authorize.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
