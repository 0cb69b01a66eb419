import { ACCOUNT_GROUP_LABELS, accountUpdateSchema, type Account, type AccountUpdate } from '@airlink/domain';
import { Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useUpdateAccount } from '../api/update-account';
import { fieldResolver } from './field-resolver';

interface AccountFormValues {
  nombre: string;
  activo: boolean;
  /** Typed as text; the payload needs a whole number. */
  orden: string;
}

/** Edits an account's name, active flag and order; its group is shown, not editable. */
export function AccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const update = useUpdateAccount();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<AccountFormValues, AccountUpdate>({
    resolver: fieldResolver<AccountFormValues, AccountUpdate>(accountUpdateSchema, (v) => ({
      nombre: v.nombre,
      grupo: account.grupo,
      activo: v.activo,
      orden: /^\s*\d+\s*$/.test(v.orden) ? Number(v.orden) : v.orden.trim() === '' ? undefined : Number.NaN,
    })),
    defaultValues: { nombre: account.nombre, activo: account.activo, orden: String(account.orden) },
  });
  const { control } = form;

  const save = submit(async (changes) => {
    await update.mutateAsync({ id: account.id, changes });
    enqueueSnackbar(`Cuenta ${changes.nombre} guardada`, { variant: 'success' });
    onClose();
  });

  return (
    <FormDialog
      open
      title={`Editar cuenta ${account.id}`}
      onClose={onClose}
      onSubmit={save}
      submitting={update.isPending}
      error={formError}
    >
      <Stack spacing={2}>
        <TextFormField control={control} name="nombre" label="Nombre" required fullWidth autoFocus />
        <TextField
          label="Grupo"
          value={ACCOUNT_GROUP_LABELS[account.grupo]}
          disabled
          fullWidth
          helperText="El grupo de cada cuenta es fijo: decide dónde cuenta su dinero."
        />
        <TextFormField
          control={control}
          name="orden"
          label="Orden"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          helperText="De 0 a 999; las listas muestran primero el número menor."
        />
        <ToggleFormField control={control} name="activo" label="Activa (se ofrece para pagos y gastos)" />
      </Stack>
    </FormDialog>
  );
}
