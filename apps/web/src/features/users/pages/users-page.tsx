import { useMemo, useState } from 'react';
import { userLevelLabel, type User } from '@airlink/domain';
import BlockIcon from '@mui/icons-material/Block';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, Chip, Paper, Tooltip } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { session } from '../../../lib/session';
import { useUsers } from '../api/list-users';
import { ChangeLevelDialog } from '../components/change-level-dialog';
import { CreateUserDialog } from '../components/create-user-dialog';
import { namedLevel } from '../components/level-options';
import { UserStatusDialog } from '../components/user-status-dialog';

type Dialog = { kind: 'level'; user: User } | { kind: 'status'; user: User } | null;

/** Users administration (spec 001 "/usuarios", level 20): list, add, change level, deactivate or reactivate. */
export function UsersPage() {
  const users = useUsers();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const currentUserId = session.getUser()?.id ?? null;

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'id',
        headerName: 'ID',
        type: 'number',
        width: 76,
        align: 'left',
        headerAlign: 'left',
        disableColumnMenu: true,
      },
      { field: 'nombre', headerName: 'Nombre', flex: 1, minWidth: 110 },
      { field: 'apellidos', headerName: 'Apellidos', flex: 1.2, minWidth: 140 },
      { field: 'userName', headerName: 'Usuario', flex: 1, minWidth: 110 },
      { field: 'email', headerName: 'Correo', flex: 1.3, minWidth: 200 },
      {
        field: 'idPerfilUsuario',
        headerName: 'Nivel',
        type: 'number',
        width: 72,
        align: 'left',
        headerAlign: 'left',
        renderCell: ({ value }) => {
          const named = namedLevel(Number(value));
          return named ? (
            <Tooltip title={named.name}>
              <span>{value}</span>
            </Tooltip>
          ) : (
            value
          );
        },
      },
      {
        field: 'tipo',
        headerName: 'Tipo',
        width: 132,
        valueGetter: (_value, row) => userLevelLabel(row.idPerfilUsuario),
        renderCell: ({ value }) => (
          <Chip
            size="small"
            label={value}
            color={value === 'Administrador' ? 'primary' : 'default'}
            variant="outlined"
          />
        ),
      },
      {
        field: 'activo',
        headerName: 'Estado',
        width: 100,
        type: 'singleSelect',
        valueOptions: [
          { value: true, label: 'Activo' },
          { value: false, label: 'Inactivo' },
        ],
        renderCell: ({ row }) => (
          <Chip size="small" label={row.activo ? 'Activo' : 'Inactivo'} color={row.activo ? 'success' : 'default'} />
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 100,
        align: 'left',
        headerAlign: 'left',
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="level"
              icon={
                <Tooltip title="Cambiar nivel">
                  <ManageAccountsIcon />
                </Tooltip>
              }
              label="Cambiar nivel"
              onClick={() => setDialog({ kind: 'level', user: row })}
            />,
          ];
          if (row.id !== currentUserId) {
            const label = row.activo ? 'Desactivar' : 'Reactivar';
            items.push(
              <GridActionsCellItem
                key="status"
                icon={
                  <Tooltip title={label}>
                    {row.activo ? <BlockIcon color="error" /> : <RestoreIcon color="success" />}
                  </Tooltip>
                }
                label={label}
                onClick={() => setDialog({ kind: 'status', user: row })}
              />,
            );
          }
          return items;
        },
      },
    ],
    [currentUserId],
  );

  const list = users.data ?? [];
  const active = list.filter((u) => u.activo).length;

  return (
    <Box>
      <PageHeader
        title="Usuarios"
        subtitle={
          users.data ? `${list.length} usuarios · ${active} activos` : 'Personas con acceso al sistema y su nivel'
        }
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
            Agregar usuario
          </Button>
        }
      />
      {users.isError ? (
        <Paper variant="outlined">
          <ErrorState
            message={users.error.message || 'No se pudo cargar la lista de usuarios.'}
            onRetry={() => void users.refetch()}
          />
        </Paper>
      ) : (
        <DataTable<User>
          mode="client"
          aria-label="Usuarios"
          rows={list}
          columns={columns}
          loading={users.isPending}
          initialSort={[{ field: 'id', sort: 'asc' }]}
        />
      )}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      {dialog?.kind === 'level' && (
        <ChangeLevelDialog
          user={dialog.user}
          isSelf={dialog.user.id === currentUserId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'status' && <UserStatusDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </Box>
  );
}
