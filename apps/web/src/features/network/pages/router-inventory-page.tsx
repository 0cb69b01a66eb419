import {
  foldText,
  idParamSchema,
  PROVISIONING_MODE_LABELS,
  type InventoryEntry,
  type InventoryOnlyInAirlink,
  type RouterInventory,
} from '@airlink/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Chip, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type GridColDef, type GridRowId } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { formatDateTime } from '../../../lib/business-time';
import { customerPanelPath } from '../../../lib/customer-search';
import { speedText } from '../../../lib/speed-text';
import { useRouterInventory } from '../api/get-router-inventory';
import { useRouters } from '../api/list-routers';
import { AdoptDialog } from '../components/adopt-dialog';
import { RouterEvents } from '../components/router-events';
import { entryKindLabel } from '../components/inventory-format';

const GROUPS = [
  { key: 'vinculados', label: 'Vinculados', empty: 'Ninguna entrada del router está vinculada a un contrato.' },
  {
    key: 'velocidadDistinta',
    label: 'Velocidad distinta',
    empty: 'Toda entrada vinculada tiene la velocidad de su plan.',
  },
  { key: 'soloEnRouter', label: 'Solo en el router', empty: 'El router no tiene entradas sin contrato.' },
  { key: 'soloEnAirlink', label: 'Solo en AirLink', empty: 'Todo contrato de este router está en el router.' },
] as const;
type GroupKey = (typeof GROUPS)[number]['key'];
const isGroup = (v: string | null): v is GroupKey => GROUPS.some((g) => g.key === v);

const entryId = (e: Pick<InventoryEntry, 'tipo' | 'nombre'>) => `${e.tipo}:${e.nombre}`;

/** Whether a row holds the typed text (accents and letter case aside). */
function matches(fields: ReadonlyArray<string | number | null>, q: string): boolean {
  return q === '' || fields.some((f) => f !== null && foldText(String(f)).includes(q));
}

function CustomerLink({ id, name }: { id: number | null; name: string | null }) {
  if (id === null) return <>—</>;
  return (
    <Link component={RouterLink} to={customerPanelPath(id)}>
      {name ?? `Contrato ${id}`}
    </Link>
  );
}

const LINK_LABELS: Record<NonNullable<InventoryEntry['vinculadoPor']>, string> = {
  usuarioPppoe: 'usuario PPPoE',
  ip: 'IP',
  comentario: 'comentario',
};

/** 'En línea' / 'Deshabilitado' / '—': the entry's session on the router. */
function sessionText(e: InventoryEntry): string {
  if (e.deshabilitado) return 'Deshabilitado';
  if (e.tipo === 'cola') return '—';
  return e.enLinea ? 'En línea' : 'Sin sesión';
}

/**
 * The columns of a group of router entries, the user and both speeds first: on a phone the table scrolls sideways
 * and those are what must be in view.
 */
function entryColumns(group: GroupKey): GridColDef<InventoryEntry>[] {
  const linked = group !== 'soloEnRouter';
  const columns: GridColDef<InventoryEntry>[] = [
    { field: 'nombre', headerName: 'Usuario PPPoE / cola', flex: 1, minWidth: 130 },
    {
      field: 'velocidad',
      headerName: 'En el router',
      description: 'Velocidad en el router (bajada / subida)',
      width: 112,
      sortable: false,
      valueGetter: (_v, row) => speedText(row.bajadaMbps, row.subidaMbps),
      cellClassName: group === 'velocidadDistinta' ? 'inventory-speed-differs' : undefined,
    },
  ];
  if (linked) {
    columns.push(
      {
        field: 'plan',
        headerName: 'Del plan',
        description: 'Velocidad del plan del contrato (bajada / subida)',
        width: 112,
        sortable: false,
        valueGetter: (_v, row) => speedText(row.planBajadaMbps, row.planSubidaMbps),
      },
      {
        field: 'contrato',
        headerName: 'Cliente',
        minWidth: 170,
        flex: 1,
        renderCell: ({ row }) => <CustomerLink id={row.idContrato} name={row.contrato} />,
      },
    );
  }
  columns.push(
    { field: 'ip', headerName: 'IP', minWidth: 110, flex: 0.5, valueGetter: (_v, row) => row.ip || '—' },
    { field: 'perfil', headerName: 'Perfil', minWidth: 140, flex: 0.7, valueGetter: (_v, row) => row.perfil || '—' },
    {
      field: 'sesion',
      headerName: 'Sesión',
      width: 116,
      valueGetter: (_v, row) => sessionText(row),
      renderCell: ({ row, value }) =>
        row.enLinea && !row.deshabilitado ? (
          <Chip size="small" label={String(value)} color="success" variant="outlined" />
        ) : (
          String(value)
        ),
    },
    { field: 'tipo', headerName: 'Tipo', width: 104, valueGetter: (_v, row) => entryKindLabel(row) },
  );
  if (linked) {
    columns.push({
      field: 'vinculadoPor',
      headerName: 'Vinculado por',
      width: 120,
      valueGetter: (_v, row) => (row.vinculadoPor ? LINK_LABELS[row.vinculadoPor] : '—'),
    });
  } else {
    columns.push({ field: 'comentario', headerName: 'Comentario', minWidth: 150, flex: 0.7 });
  }
  return columns;
}

const AIRLINK_COLUMNS: GridColDef<InventoryOnlyInAirlink>[] = [
  {
    field: 'nombre',
    headerName: 'Cliente',
    minWidth: 180,
    flex: 1,
    renderCell: ({ row }) => <CustomerLink id={row.idContrato} name={row.nombre} />,
  },
  {
    field: 'velocidadPlan',
    headerName: 'Del plan',
    description: 'Velocidad del plan del contrato (bajada / subida)',
    width: 112,
    sortable: false,
    valueGetter: (_v, row) => speedText(row.planBajadaMbps, row.planSubidaMbps),
  },
  {
    field: 'no',
    headerName: 'Contrato',
    width: 100,
    valueGetter: (_v, row) => (row.no > 0 ? String(row.no) : 'Sin autorizar'),
  },
  {
    field: 'usuarioPppoe',
    headerName: 'Usuario PPPoE',
    minWidth: 140,
    flex: 0.8,
    valueGetter: (_v, row) => row.usuarioPppoe || '—',
  },
  { field: 'ipCliente', headerName: 'IP', minWidth: 120, flex: 0.6, valueGetter: (_v, row) => row.ipCliente || '—' },
  { field: 'plan', headerName: 'Plan', minWidth: 180, flex: 1, valueGetter: (_v, row) => row.plan ?? '—' },
];

function InventoryTables({ routerId, inventory }: { routerId: number; inventory: RouterInventory }) {
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('grupo');
  const group: GroupKey = isGroup(groupParam) ? groupParam : 'vinculados';
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<GridRowId>>(new Set());
  const [adopting, setAdopting] = useState<InventoryEntry[] | null>(null);
  const q = foldText(search.trim());

  const chooseGroup = (next: GroupKey) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('grupo', next);
        return n;
      },
      { replace: true },
    );

  const entries = useMemo(() => {
    if (group === 'soloEnAirlink') return [];
    return inventory[group].filter((e) => matches([e.nombre, e.ip, e.perfil, e.comentario, e.contrato], q));
  }, [inventory, group, q]);
  const contracts = useMemo(
    () => inventory.soloEnAirlink.filter((c) => matches([c.nombre, c.no, c.usuarioPppoe, c.ipCliente, c.plan], q)),
    [inventory, q],
  );
  const columns = useMemo(() => entryColumns(group), [group]);
  // Only what the filter shows can be adopted.
  const chosen = group === 'soloEnRouter' ? entries.filter((e) => selected.has(entryId(e))) : [];
  const empty = GROUPS.find((g) => g.key === group)!.empty;

  return (
    <>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={group}
          onChange={(_e, next: GroupKey) => chooseGroup(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Grupos del inventario"
        >
          {GROUPS.map((g) => (
            <Tab
              key={g.key}
              value={g.key}
              id={`inventory-tab-${g.key}`}
              aria-controls="inventory-panel"
              label={`${g.label} (${inventory[g.key].length})`}
            />
          ))}
        </Tabs>
      </Paper>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField
          label="Buscar"
          placeholder="Usuario, IP, perfil o cliente"
          value={search}
          onChange={setSearch}
          sx={{ minWidth: { sm: 320 } }}
        />
        {group === 'soloEnRouter' && (
          <Button
            variant="contained"
            startIcon={<PlaylistAddCheckIcon />}
            disabled={chosen.length === 0}
            onClick={() => setAdopting(chosen)}
          >
            {chosen.length > 0 ? `Adoptar seleccionadas (${chosen.length})` : 'Adoptar seleccionadas'}
          </Button>
        )}
      </Stack>
      <Box
        role="tabpanel"
        id="inventory-panel"
        aria-labelledby={`inventory-tab-${group}`}
        // The router's speed where it differs from the plan's.
        sx={{ '& .inventory-speed-differs': { color: 'warning.dark', fontWeight: 600 } }}
      >
        {group === 'soloEnAirlink' ? (
          <DataTable<InventoryOnlyInAirlink>
            mode="client"
            aria-label="Solo en AirLink"
            rows={contracts}
            columns={AIRLINK_COLUMNS}
            getRowId={(c) => c.idContrato}
            emptyText={q ? 'Sin resultados' : 'Sin contratos'}
            emptyDescription={q ? 'Ningún contrato coincide con la búsqueda.' : empty}
          />
        ) : (
          <DataTable<InventoryEntry>
            key={group}
            mode="client"
            aria-label={GROUPS.find((g) => g.key === group)!.label}
            rows={entries}
            columns={columns}
            getRowId={entryId}
            emptyText={q ? 'Sin resultados' : 'Sin entradas'}
            emptyDescription={q ? 'Ninguna entrada coincide con la búsqueda.' : empty}
            selection={group === 'soloEnRouter' ? { ids: selected, onChange: setSelected } : undefined}
          />
        )}
      </Box>
      {adopting && (
        <AdoptDialog
          routerId={routerId}
          entries={adopting}
          onClose={() => setAdopting(null)}
          onAdopted={() => setSelected(new Set())}
        />
      )}
    </>
  );
}

/**
 * 'Inventario del router' (/dashboard/inventario-router?id=<router>, level 20, opened from Routers): what the
 * router holds against AirLink's contracts in four groups with their counts, a search, and the bulk adoption of
 * entries only the router has (docs/network.md "Inventory and adoption"), then the router's event log.
 */
export function RouterInventoryPage() {
  const [params] = useSearchParams();
  const parsed = idParamSchema.safeParse(params.get('id') ?? '');
  const routerId = parsed.success ? parsed.data : null;
  const inventory = useRouterInventory(routerId);
  const routers = useRouters(routerId !== null);
  const router = routers.data?.find((r) => r.id === routerId);
  const name = router ? router.hostname || router.host : routerId !== null ? `Router ${routerId}` : '';

  const back = (
    <Button component={RouterLink} to="/dashboard/routers" startIcon={<ArrowBackIcon />}>
      Routers
    </Button>
  );
  if (routerId === null) {
    return (
      <Box>
        <PageHeader title="Inventario del router" actions={back} />
        <Paper variant="outlined">
          <ErrorState message="El enlace no indica un router válido. Ábrelo desde la lista de Routers." />
        </Paper>
      </Box>
    );
  }

  const data = inventory.data;
  const subtitle = data ? (
    <>
      {name} · {PROVISIONING_MODE_LABELS[data.modoAprovisionamiento]} · leído {formatDateTime(data.leidoEn)}
    </>
  ) : (
    name
  );
  return (
    <Box>
      <PageHeader
        title="Inventario del router"
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1}>
            {back}
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              onClick={() => void inventory.refetch()}
              disabled={inventory.isFetching}
            >
              {inventory.isFetching ? 'Leyendo…' : 'Leer de nuevo'}
            </Button>
          </Stack>
        }
      />
      {inventory.isError ? (
        <Paper variant="outlined">
          <ErrorState
            message={inventory.error.message || 'No se pudo leer el inventario del router.'}
            onRetry={() => void inventory.refetch()}
          />
        </Paper>
      ) : data ? (
        <InventoryTables routerId={routerId} inventory={data} />
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true">
          <Typography color="text.secondary">Leyendo el router…</Typography>
        </Paper>
      )}
      <RouterEvents routerId={routerId} />
    </Box>
  );
}
