import { useState } from 'react';
import { userCreateSchema, type UserCreate } from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCreateUser } from '../api/create-user';
import { applyUserServerErrors } from './apply-user-server-errors';
import { LevelField } from './level-field';

type FormValues = z.input<typeof userCreateSchema>;
const FIELDS = ['email', 'nombre', 'apellidos', 'idPerfilUsuario'] as const;
const EMPTY: FormValues = { email: '', nombre: '', apellidos: '', idPerfilUsuario: 10 };

export interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Agregar usuario': email, nombre, apellidos and level; the user signs in later with that email. */
export function CreateUserDialog({ open, onClose }: CreateUserDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const createUser = useCreateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, UserCreate>({ resolver: zodResolver(userCreateSchema), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    setFormError(null);
    createUser.reset();
    onClose();
  };

  const save = async (values: UserCreate) => {
    setFormError(null);
    try {
      await createUser.mutateAsync(values);
      enqueueSnackbar('Usuario agregado', { variant: 'success' });
      close();
    } catch (error) {
      setFormError(applyUserServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <FormDialog
      open={open}
      title="Agregar usuario"
      onClose={close}
      onSubmit={handleSubmit(save)}
      submitText="Agregar"
      submitting={createUser.isPending}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...register('email')}
          label="Correo"
          type="email"
          autoComplete="off"
          required
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? 'La cuenta con la que entrará (Google).'}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register('nombre')}
            label="Nombre"
            required
            fullWidth
            error={Boolean(errors.nombre)}
            helperText={errors.nombre?.message}
          />
          <TextField
            {...register('apellidos')}
            label="Apellidos"
            fullWidth
            error={Boolean(errors.apellidos)}
            helperText={errors.apellidos?.message}
          />
        </Stack>
        <LevelField control={control} name="idPerfilUsuario" label="Nivel" required />
      </Stack>
    </FormDialog>
  );
}
