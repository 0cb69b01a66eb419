import { userCreateSchema, type UserCreate } from '@airlink/domain';
import { Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useCreateUser } from '../api/create-user';
import { applyUserServerErrors } from './apply-user-server-errors';
import { LevelField } from './level-field';

type FormValues = z.input<typeof userCreateSchema>;
const EMPTY: FormValues = { email: '', nombre: '', apellidos: '', idPerfilUsuario: 10 };

export interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Agregar usuario': email, nombre, apellidos and level; the user signs in later with that email. */
export function CreateUserDialog({ open, onClose }: CreateUserDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const createUser = useCreateUser();
  const { form, formError, setFormError, submit } = useFormKit<FormValues, UserCreate>({
    schema: userCreateSchema,
    defaultValues: EMPTY,
    applyErrors: applyUserServerErrors,
  });
  const { control } = form;

  const close = () => {
    form.reset(EMPTY);
    setFormError(null);
    createUser.reset();
    onClose();
  };

  const save = async (values: UserCreate) => {
    await createUser.mutateAsync(values);
    enqueueSnackbar('Usuario agregado', { variant: 'success' });
    close();
  };

  return (
    <FormDialog
      open={open}
      title="Agregar usuario"
      onClose={close}
      onSubmit={submit(save)}
      submitText="Agregar"
      submitting={createUser.isPending}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField
          control={control}
          name="email"
          label="Correo"
          type="email"
          autoComplete="off"
          required
          autoFocus
          helperText="La cuenta con la que entrará (Google)."
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextFormField control={control} name="nombre" label="Nombre" required fullWidth />
          <TextFormField control={control} name="apellidos" label="Apellidos" fullWidth />
        </Stack>
        <LevelField control={control} name="idPerfilUsuario" label="Nivel" required />
      </Stack>
    </FormDialog>
  );
}
