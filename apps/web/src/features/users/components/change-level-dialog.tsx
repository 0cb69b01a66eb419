import { useState } from 'react';
import { userUpdateSchema, type User, type UserUpdate } from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useUpdateUser } from '../api/update-user';
import { applyUserServerErrors } from './apply-user-server-errors';
import { LevelField } from './level-field';

type FormValues = z.input<typeof userUpdateSchema>;

export interface ChangeLevelDialogProps {
  user: User;
  /** The signed-in admin is editing their own row: they may not lower their level. */
  isSelf: boolean;
  onClose: () => void;
}

/** 'Cambiar nivel' of one user. Mount it only while open, so it starts from that user's level. */
export function ChangeLevelDialog({ user, isSelf, onClose }: ChangeLevelDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const updateUser = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, UserUpdate>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { idPerfilUsuario: user.idPerfilUsuario },
  });
  const chosen = Number(useWatch({ control, name: 'idPerfilUsuario' }));

  const save = async (values: UserUpdate) => {
    setFormError(null);
    try {
      await updateUser.mutateAsync({ id: user.id, changes: { idPerfilUsuario: values.idPerfilUsuario } });
      enqueueSnackbar('Nivel actualizado', { variant: 'success' });
      onClose();
    } catch (error) {
      setFormError(applyUserServerErrors(error, ['idPerfilUsuario'], setError));
    }
  };

  const fullName = `${user.nombre} ${user.apellidos}`.trim();
  return (
    <FormDialog
      open
      title="Cambiar nivel"
      onClose={onClose}
      onSubmit={handleSubmit(save)}
      submitting={updateUser.isPending}
      submitDisabled={chosen === user.idPerfilUsuario}
      error={formError}
      maxWidth="xs"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {fullName} ({user.email}) tiene el nivel {user.idPerfilUsuario}.{isSelf && ' No puedes bajar tu propio nivel.'}
      </Typography>
      <LevelField
        control={control}
        name="idPerfilUsuario"
        label="Nivel"
        fullWidth
        autoFocus
        minLevel={isSelf ? user.idPerfilUsuario : 1}
      />
    </FormDialog>
  );
}
