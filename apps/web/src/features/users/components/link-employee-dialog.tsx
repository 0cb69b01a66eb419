import { type User } from '@airlink/domain';
import { Alert, MenuItem, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEmployees } from '../../employees';
import { useUpdateUser } from '../api/update-user';

const NONE = 'none';

export interface LinkEmployeeDialogProps {
  user: User;
  onClose: () => void;
}

/** 'Vincular empleado': which employee of Empleados this user is (or none). */
export function LinkEmployeeDialog({ user, onClose }: LinkEmployeeDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const updateUser = useUpdateUser();
  const employees = useEmployees('?page=0&pageSize=100');
  const [chosen, setChosen] = useState<string>(user.idEmpleado === null ? NONE : String(user.idEmpleado));
  const fullName = `${user.nombre} ${user.apellidos}`.trim();

  const confirm = () => {
    const idEmpleado = chosen === NONE ? null : Number(chosen);
    updateUser.mutate(
      { id: user.id, changes: { idEmpleado } },
      {
        onSuccess: () => {
          enqueueSnackbar(idEmpleado === null ? 'Usuario sin empleado vinculado' : 'Empleado vinculado', {
            variant: 'success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title="Vincular empleado"
      message={`¿Qué empleado es ${fullName} (${user.email})?`}
      confirmText="Guardar"
      loading={updateUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        select
        fullWidth
        label="Empleado"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ mt: 2 }}
        disabled={employees.isPending}
        error={employees.isError}
        helperText={employees.isError ? 'No se pudo cargar la lista de empleados.' : undefined}
      >
        <MenuItem value={NONE}>
          <em>Sin empleado</em>
        </MenuItem>
        {(employees.data?.items ?? []).map((e) => (
          <MenuItem key={e.id} value={String(e.id)}>
            {e.nombre} {e.apellido} · {e.puesto}
          </MenuItem>
        ))}
        {user.idEmpleado !== null && !employees.data?.items.some((e) => e.id === user.idEmpleado) && (
          <MenuItem value={String(user.idEmpleado)}>{user.empleadoNombre ?? `Empleado ${user.idEmpleado}`}</MenuItem>
        )}
      </TextField>
      {employees.data && employees.data.total > employees.data.items.length && (
        <Typography variant="caption" color="text.secondary">
          Se muestran los primeros {employees.data.items.length} empleados por nombre.
        </Typography>
      )}
      {updateUser.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {updateUser.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
