import { useMemo, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Chip } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { actionsColumn, ListPage } from '../../../components/ui/list-page';
import { type Router } from '@airlink/domain';
import { useDeleteRouter } from '../api/delete-router';
import { useRouters } from '../api/list-routers';
import { useSites } from '../api/list-sites';
import { DeleteDialog } from '../components/delete-dialog';
import { ProbeRouterDialog } from '../components/probe-router-dialog';
import { RouterDialog } from '../components/router-dialog';
import { routerInventoryPath } from './router-inventory-path';

type Dialog =
  | { kind: 'edit'; router: Router | null }
  | { kind: 'delete'; router: Router }
  | { kind: 'probe'; router: Router }
  | null;

/** Routers (docs/access.md "Pages", level 20): the MikroTik routers, their API access and 'Probar conexión'. */
export function RoutersPage() {
  const routers = useRouters();
  const sites = useSites();
  const deleteRouter = useDeleteRouter();
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();

  const columns = useMemo<GridColDef<Router>[]>(() => {
    const siteName = new Map((sites.data ?? []).map((s) => [s.id, s.nombre]));
    return [
      { field: 'id', headerName: 'ID', type: 'number', width: 64, align: 'left', headerAlign: 'left' },
      // Right after the id: the table is wider than a laptop screen, and 'Probar conexión' must not hide off to the side.
      actionsColumn<Router>([
        {
          label: 'Probar conexión',
          icon: <NetworkCheckIcon color="primary" />,
          onClick: (router) => setDialog({ kind: 'probe', router }),
        },
        {
          label: 'Inventario del router',
          icon: <ListAltIcon color="primary" />,
          onClick: (router) => void navigate(routerInventoryPath(router.id)),
        },
        { label: 'Editar', icon: <EditIcon />, onClick: (router) => setDialog({ kind: 'edit', router }) },
        {
          label: 'Eliminar',
          icon: <DeleteIcon color="error" />,
          onClick: (router) => setDialog({ kind: 'delete', router }),
        },
      ]),
      { field: 'hostname', headerName: 'Nombre', flex: 1, minWidth: 130 },
      {
        field: 'siteId',
        headerName: 'Site',
        minWidth: 120,
        flex: 0.7,
        valueGetter: (_v, row) => (row.siteId === null ? '—' : (siteName.get(row.siteId) ?? `#${row.siteId}`)),
      },
      // Host, port and TLS in one column, and the user and traffic interface left to the form ('Editar'): every
      // header fits a 1366 px screen.
      {
        field: 'host',
        headerName: 'Dirección',
        flex: 1,
        minWidth: 140,
        // A port, not an amount: shown without a thousands separator.
        valueGetter: (_v, row) => `${row.host}:${String(row.port)}${row.tls ? ' (TLS)' : ''}`,
      },
      { field: 'ip', headerName: 'IP', minWidth: 96, flex: 0.5 },
      {
        field: 'listaSuspension',
        headerName: 'Suspensión',
        description: 'Lista de suspensión',
        minWidth: 130,
        flex: 0.7,
      },
      { field: 'contratos', headerName: 'Contratos', type: 'number', width: 100 },
      {
        field: 'activo',
        headerName: 'Estado',
        width: 96,
        renderCell: ({ row }) => (
          <Chip size="small" label={row.activo ? 'Activo' : 'Inactivo'} color={row.activo ? 'success' : 'default'} />
        ),
      },
    ];
  }, [sites.data, navigate]);

  return (
    <ListPage
      title="Routers"
      subtitle={routers.data ? `${routers.data.length} routers` : 'Routers MikroTik de la red'}
      add={{ label: 'Agregar router', onClick: () => setDialog({ kind: 'edit', router: null }) }}
      error={routers.isError ? routers.error.message || 'No se pudo cargar la lista de routers.' : null}
      onRetry={() => void routers.refetch()}
      dialogs={
        <>
          {dialog?.kind === 'edit' && <RouterDialog router={dialog.router} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'probe' && <ProbeRouterDialog router={dialog.router} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'delete' && (
            <DeleteDialog
              title={`¿Eliminar el router ${dialog.router.hostname || dialog.router.host}?`}
              message="Se quitará de la lista. Un router con contratos no se puede eliminar."
              done="Router eliminado"
              remove={() => deleteRouter.mutateAsync(dialog.router.id)}
              pending={deleteRouter.isPending}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      }
    >
      <DataTable<Router>
        mode="client"
        aria-label="Routers"
        rows={routers.data ?? []}
        columns={columns}
        loading={routers.isPending}
        emptyText="Sin routers"
        emptyDescription="Agrega un router para cortar, reconectar y medir el tráfico de sus clientes."
        initialSort={[{ field: 'id', sort: 'asc' }]}
      />
    </ListPage>
  );
}
