import { useMemo, useState } from 'react';
import { type Site } from '@airlink/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { actionsColumn, ListPage } from '../../../components/ui/list-page';
import { useDeleteSite } from '../api/delete-site';
import { useSites } from '../api/list-sites';
import { DeleteDialog } from '../components/delete-dialog';
import { SiteDialog } from '../components/site-dialog';

type Dialog = { kind: 'edit'; site: Site | null } | { kind: 'delete'; site: Site } | null;

/** Sites (docs/access.md "Pages", level 20): the towers with their radios' access; add, edit, delete. */
export function SitesPage() {
  const sites = useSites();
  const deleteSite = useDeleteSite();
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo<GridColDef<Site>[]>(
    () => [
      { field: 'id', headerName: 'ID', type: 'number', width: 70, align: 'left', headerAlign: 'left' },
      { field: 'nombre', headerName: 'Nombre', flex: 1, minWidth: 140 },
      { field: 'url', headerName: 'URL', flex: 1.2, minWidth: 180 },
      { field: 'username', headerName: 'Usuario', flex: 0.8, minWidth: 110 },
      { field: 'routers', headerName: 'Routers', type: 'number', width: 90 },
      { field: 'devices', headerName: 'Radios', type: 'number', width: 90 },
      actionsColumn<Site>([
        { label: 'Editar', icon: <EditIcon />, onClick: (site) => setDialog({ kind: 'edit', site }) },
        {
          label: 'Eliminar',
          icon: <DeleteIcon color="error" />,
          onClick: (site) => {
            deleteSite.reset();
            setDialog({ kind: 'delete', site });
          },
        },
      ]),
    ],
    [deleteSite],
  );

  return (
    <ListPage
      title="Sites"
      subtitle={sites.data ? `${sites.data.length} sites` : 'Sitios (torres) de la red y el acceso a sus radios'}
      add={{ label: 'Agregar site', onClick: () => setDialog({ kind: 'edit', site: null }) }}
      error={sites.isError ? sites.error.message || 'No se pudo cargar la lista de sites.' : null}
      onRetry={() => void sites.refetch()}
      dialogs={
        <>
          {dialog?.kind === 'edit' && <SiteDialog site={dialog.site} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'delete' && (
            <DeleteDialog
              title={`¿Eliminar el site ${dialog.site.nombre}?`}
              message="Se quitará de la lista. Un site con routers o radios no se puede eliminar."
              done="Site eliminado"
              remove={() => deleteSite.mutateAsync(dialog.site.id)}
              pending={deleteSite.isPending}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      }
    >
      <DataTable<Site>
        mode="client"
        aria-label="Sites"
        rows={sites.data ?? []}
        columns={columns}
        loading={sites.isPending}
        emptyText="Sin sites"
        emptyDescription="Agrega el primer site para registrar sus routers y radios."
        initialSort={[{ field: 'id', sort: 'asc' }]}
      />
    </ListPage>
  );
}
