import { userUpdateSchema, type User, type UserUpdate } from '@airlink/domain';
import { Alert, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormKit } from '../../../components/ui/use-form-kit';
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
  const { form, formError, submit } = useFormKit<FormValues, UserUpdate>({
    schema: userUpdateSchema,
    defaultValues: { idPerfilUsuario: user.idPerfilUsuario },
    applyErrors: applyUserServerErrors,
  });
  const { control } = form;
  const chosen = Number(useWatch({ control, name: 'idPerfilUsuario' }));

  // Saving asks first: a new level opens or closes pages for that person at once.
  const [confirming, setConfirming] = useState<number | null>(null);
  const save = (values: UserUpdate) => {
    updateUser.reset();
    setConfirming(values.idPerfilUsuario ?? null);
  };
  const confirm = () => {
    if (confirming === null) return;
    updateUser.mutate(
      { id: user.id, changes: { idPerfilUsuario: confirming } },
      {
        onSuccess: () => {
          enqueueSnackbar('Nivel actualizado', { variant: 'success' });
          onClose();
        },
      },
    );
  };

  const fullName = `${user.nombre} ${user.apellidos}`.trim();
  if (confirming !== null) {
    return (
      <ConfirmDialog
        open
        title="Confirmar cambio de nivel"
        message={`¿Cambiar el nivel de ${fullName} de ${user.idPerfilUsuario} a ${confirming}? El cambio se aplica de inmediato en sus sesiones abiertas: verá o dejará de ver las páginas de ese nivel.`}
        confirmText="Cambiar nivel"
        loading={updateUser.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {updateUser.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {updateUser.error.message}
          </Alert>
        )}
      </ConfirmDialog>
    );
  }
  return (
    <FormDialog
      open
      title="Cambiar nivel"
      onClose={onClose}
      onSubmit={submit(save)}
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
