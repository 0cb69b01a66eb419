import { useMemo, useState } from 'react';
import { levelName, levelText, userLevelLabel, type User } from '@airlink/domain';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, Chip, Paper, Tooltip, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDateTime } from '../../../lib/business-time';
import { session } from '../../../lib/session';
import { useUsers } from '../api/list-users';
import { ChangeLevelDialog } from '../components/change-level-dialog';
import { CreateUserDialog } from '../components/create-user-dialog';
import { LinkEmployeeDialog } from '../components/link-employee-dialog';
import { UserStatusDialog } from '../components/user-status-dialog';

type Dialog = { kind: 'level' | 'status' | 'employee'; user: User } | null;

/** Users administration (docs/access.md "Pages", level 20): list, add, change level, deactivate or reactivate. */
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
        width: 70,
        align: 'left',
        headerAlign: 'left',
        disableColumnMenu: true,
      },
      {
        field: 'nombre',
        headerName: 'Nombre',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.nombre}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.apellidos}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'userName',
        headerName: 'Usuario',
        flex: 1.3,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.userName}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.email}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'idPerfilUsuario',
        headerName: 'Nivel',
        type: 'number',
        width: 110,
        align: 'left',
        headerAlign: 'left',
        // The same names as the level dialog (the domain's LEVEL_NAMES): 16, Cajero.
        renderCell: ({ value }) => {
          const named = levelName(Number(value));
          return (
            <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }} aria-label={levelText(Number(value))}>
              <Typography variant="body2">{value}</Typography>
              {named && (
                <Typography variant="caption" color="text.secondary" noWrap component="p">
                  {named.name}
                </Typography>
              )}
            </Box>
          );
        },
      },
      {
        field: 'tipo',
        headerName: 'Tipo',
        width: 136,
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
        width: 96,
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
        field: 'empleadoNombre',
        headerName: 'Empleado',
        flex: 0.8,
        minWidth: 110,
        valueGetter: (_value, row) => row.empleadoNombre ?? '',
        renderCell: ({ row }) =>
          row.empleadoNombre ?? (
            <Typography variant="body2" color="text.secondary" component="span">
              Sin vincular
            </Typography>
          ),
      },
      {
        field: 'ultimoAcceso',
        headerName: 'Último acceso',
        width: 132,
        valueGetter: (_value, row) => row.ultimoAcceso ?? '',
        renderCell: ({ row }) =>
          row.ultimoAcceso ? (
            <Tooltip title={formatDateTime(row.ultimoAcceso)}>
              <span>{dayText(row.ultimoAcceso)}</span>
            </Tooltip>
          ) : (
            <Typography variant="body2" color="text.secondary" component="span">
              Nunca
            </Typography>
          ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 132,
        align: 'left',
        headerAlign: 'left',
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="employee"
              icon={
                <Tooltip title="Vincular empleado">
                  <BadgeIcon />
                </Tooltip>
              }
              label="Vincular empleado"
              onClick={() => setDialog({ kind: 'employee', user: row })}
            />,
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
      {dialog?.kind === 'employee' && <LinkEmployeeDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </Box>
  );
}
