import { networkStateLabel, type Contract } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MultilineFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCutService, useReconnectService } from '../api/contract-actions';

/**
 * The toast after Cortar/Reconectar, honest about the router: done only when it confirmed (`aplicado`);
 * still working (`pendiente`) or failed (`error`, with its reason) otherwise. Without a router the flag
 * change is all there is.
 */
export function routerOutcome(
  c: Contract,
  reconnecting: boolean,
): { text: string; variant: 'success' | 'info' | 'warning' } {
  const flag = reconnecting ? 'Servicio reconectado' : 'Servicio cortado';
  if (c.estadoRed === null) return { text: flag, variant: 'success' };
  if (c.estadoRed === 'aplicado')
    return { text: `${flag}: ${networkStateLabel('aplicado', c.cortado)}`, variant: 'success' };
  if (c.estadoRed === 'pendiente') {
    return { text: `${flag} en AirLink. ${networkStateLabel('pendiente', c.cortado)}`, variant: 'info' };
  }
  const reason = c.estadoRedMensaje ? `: ${c.estadoRedMensaje}` : '.';
  return {
    text: `${flag} en AirLink, pero ${lowerFirst(networkStateLabel('error', c.cortado))}${reason}`,
    variant: 'warning',
  };
}
const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

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
        onSuccess: (after) => {
          const outcome = routerOutcome(after, reconnecting);
          enqueueSnackbar(outcome.text, { variant: outcome.variant });
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
