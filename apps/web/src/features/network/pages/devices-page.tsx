import { useMemo, useState } from 'react';
import { LEVEL, signalForDisplay, type Device, type DeviceStatus } from '@airlink/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Chip, Stack, TextField } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { actionsColumn, ListPage, type RowAction } from '../../../components/ui/list-page';
import { FilterSelect, type FilterOption } from '../../../components/ui/filter-select';
import { SearchField } from '../../../components/ui/search-field';
import { useListFilters } from '../../../components/ui/use-list-filters';
import { tableLoading, useServerTable } from '../../../components/ui/use-server-table';
import { useSession } from '../../../lib/session-context';
import { useDeleteDevice } from '../api/delete-device';
import { deviceListSearch, useDevices } from '../api/list-devices';
import { useSites } from '../api/list-sites';
import { DeleteDialog } from '../components/delete-dialog';
import { DeviceDetailsDialog } from '../components/device-details-dialog';
import { DeviceDialog } from '../components/device-dialog';

const NO_FILTERS: { q: string; site: string; status: DeviceStatus | '' } = { q: '', site: '', status: '' };
const STATUS_OPTIONS: Array<FilterOption<DeviceStatus>> = [
  { value: 'online', label: 'En línea' },
  { value: 'offline', label: 'Caídos (sin respuesta)' },
];
/** The site filter: a site chosen in the menu, or a number typed (below level 20 there is no sites list). */
const siteIdOf = (text: string) => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

const ccqFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

type Dialog =
  | { kind: 'details'; device: Device }
  | { kind: 'edit'; device: Device | null }
  | { kind: 'delete'; device: Device }
  | null;

/**
 * Dispositivos (docs/access.md "Pages", level 10): the radios paged on the server, searched by MAC, IP, name or
 * product, filtered by site and by online/offline, sorted on the server by signal, CCQ or last answer (the
 * worst first), with whether each answers; level 20 adds, edits and deletes.
 */
export function DevicesPage() {
  const { level } = useSession();
  const canManage = level >= LEVEL.admin;
  // The site names come from the sites list (level 20); below that the filter takes a site number.
  const sites = useSites(canManage);
  const siteName = useMemo(() => new Map((sites.data ?? []).map((s) => [s.id, s.nombre])), [sites.data]);
  const { params, tableProps, setPaginationModel } = useServerTable({ field: 'id', sort: 'asc' });
  const filters = useListFilters({ empty: NO_FILTERS, debounced: ['q', 'site'], table: { setPaginationModel } });
  const { q, site, status } = filters.values;
  const siteId = siteIdOf(site);
  const search = deviceListSearch(params, {
    q: filters.applied.q,
    siteId: siteIdOf(filters.applied.site),
    status: filters.applied.status || null,
  });
  const devices = useDevices(search);
  const deleteDevice = useDeleteDevice();
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo<GridColDef<Device>[]>(() => {
    const actions: Array<RowAction<Device>> = [
      { label: 'Ver detalles', icon: <VisibilityIcon />, onClick: (device) => setDialog({ kind: 'details', device }) },
    ];
    if (canManage)
      actions.push(
        { label: 'Editar', icon: <EditIcon />, onClick: (device) => setDialog({ kind: 'edit', device }) },
        {
          label: 'Eliminar',
          icon: <DeleteIcon color="error" />,
          onClick: (device) => setDialog({ kind: 'delete', device }),
        },
      );
    const cols: GridColDef<Device>[] = [
      { field: 'id', headerName: 'ID', type: 'number', width: 64, align: 'left', headerAlign: 'left' },
      actionsColumn<Device>(actions),
      { field: 'hwaddr', headerName: 'MAC', minWidth: 150, flex: 0.9 },
      { field: 'hostname', headerName: 'Nombre', minWidth: 100, flex: 1 },
      { field: 'ipaddr', headerName: 'IP', minWidth: 96, flex: 0.6 },
      {
        field: 'siteid',
        headerName: 'Site',
        minWidth: 84,
        flex: 0.6,
        valueGetter: (_v, row) => (row.siteid === null ? '—' : (siteName.get(row.siteid) ?? `Site ${row.siteid}`)),
      },
      // The product is in the details (with the model the radio reports): the columns fit 1366 px.
      {
        field: 'online',
        headerName: 'Estado',
        width: 96,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.online ? 'success' : 'default'}
            label={row.online ? 'En línea' : 'Caído'}
          />
        ),
      },
      {
        field: 'signal',
        headerName: 'Señal',
        width: 80,
        renderCell: ({ row }) => {
          const shown = signalForDisplay(row.signal);
          return shown === null ? '—' : `${shown} dBm`;
        },
      },
      {
        field: 'ccq',
        headerName: 'CCQ',
        width: 64,
        renderCell: ({ row }) => (row.ccq === null ? '—' : `${ccqFormat.format(row.ccq)} %`),
      },
      {
        field: 'lastSeen',
        // 'Respondió' (not 'Última respuesta'): the header fits its column at 1366 px.
        headerName: 'Respondió',
        width: 156,
        renderCell: ({ row }) => (row.lastSeen ? <DateText value={row.lastSeen} withTime /> : 'Nunca'),
      },
    ];
    return cols;
  }, [canManage, siteName]);

  return (
    <ListPage
      title="Dispositivos"
      subtitle={devices.data ? `${devices.data.total} dispositivos` : 'Radios de clientes y equipos de sitio'}
      add={
        canManage
          ? { label: 'Agregar dispositivo', onClick: () => setDialog({ kind: 'edit', device: null }) }
          : undefined
      }
      error={
        devices.isError && !devices.data ? devices.error.message || 'No se pudo cargar la lista de dispositivos.' : null
      }
      onRetry={() => void devices.refetch()}
      filters={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <SearchField
            label="Buscar dispositivo"
            placeholder="MAC, IP, nombre o producto"
            value={q}
            onChange={(v) => filters.set({ q: v })}
            sx={{ minWidth: { sm: 320 } }}
          />
          {canManage && sites.data ? (
            <FilterSelect
              label="Site"
              value={siteId ?? ''}
              onChange={(v) => filters.set({ site: String(v) })}
              all={<em>Todos los sites</em>}
              options={sites.data.map((s) => ({ value: s.id, label: s.nombre }))}
              sx={{ minWidth: 180 }}
            />
          ) : (
            <TextField
              size="small"
              label="Site (número)"
              value={site}
              onChange={(e) => filters.set({ site: e.target.value.replace(/\D/g, '') })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: { sm: 150 } }}
            />
          )}
          <FilterSelect
            label="Estado"
            value={status}
            onChange={(v) => filters.set({ status: v })}
            all={<em>Todos</em>}
            options={STATUS_OPTIONS}
            sx={{ minWidth: 170 }}
          />
        </Stack>
      }
      dialogs={
        <>
          {dialog?.kind === 'details' && (
            <DeviceDetailsDialog
              // The list's latest copy: after 'Sondear ahora' the list refreshes and 'Última respuesta' with it.
              device={devices.data?.items.find((d) => d.id === dialog.device.id) ?? dialog.device}
              siteName={dialog.device.siteid === null ? null : (siteName.get(dialog.device.siteid) ?? null)}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog?.kind === 'edit' && (
            <DeviceDialog device={dialog.device} sites={sites.data ?? []} onClose={() => setDialog(null)} />
          )}
          {dialog?.kind === 'delete' && (
            <DeleteDialog
              title={`¿Eliminar el dispositivo ${dialog.device.hostname || dialog.device.hwaddr}?`}
              message="Se quitará de la lista; su historial se conserva. Si se vuelve a agregar su MAC, regresa."
              done="Dispositivo eliminado"
              remove={() => deleteDevice.mutateAsync(dialog.device.id)}
              pending={deleteDevice.isPending}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      }
    >
      <DataTable<Device>
        {...tableProps}
        aria-label="Dispositivos"
        // A row opens its details (on a phone the actions column is off to the side).
        onRowClick={(device) => setDialog({ kind: 'details', device })}
        rows={devices.data?.items ?? []}
        rowCount={devices.data?.total ?? 0}
        columns={columns}
        loading={tableLoading(devices)}
        emptyText={q || siteId || status ? 'Sin dispositivos con esa búsqueda' : 'Sin dispositivos'}
      />
    </ListPage>
  );
}
