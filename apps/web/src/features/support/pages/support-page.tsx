import { useMemo, useState } from 'react';
import { SUPPORT_PRIORITIES, SUPPORT_STATUSES, type SupportTicket } from '@airlink/domain';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, CircularProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useSupportCounters } from '../api/get-support-counters';
import { useAssignees } from '../api/list-assignees';
import { NO_FILTERS, supportListSearch, useSupportTickets, type SupportFilters } from '../api/list-support-tickets';
import { SupportCounters } from '../components/support-counters';
import { ticketColumns } from '../components/ticket-columns';
import { TicketDetailDialog } from '../components/ticket-detail-dialog';
import { FilterSelect } from '../../../components/ui/filter-select';
import { SearchField } from '../../../components/ui/search-field';
import { useListFilters } from '../../../components/ui/use-list-filters';

const PRIORITY_OPTIONS = [...SUPPORT_PRIORITIES]
  .sort((a, b) => a.value - b.value)
  .map((p) => ({ value: p.value, label: p.label }));
const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/** The ticket search waits a little longer after the last key than the other searches. */
const TICKET_SEARCH_DEBOUNCE_MS = 350;

/**
 * Centro de soporte (/dashboard/soporte, level 5): counters per status, every ticket searched, filtered and
 * sorted on the server, and a detail dialog to move a ticket along. Real data (docs/business-rules.md "Support, logs and visits").
 */
export function SupportPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const table = useServerTable({ field: 'createdAt', sort: 'desc' });
  const { setPaginationModel } = table;
  const filterState = useListFilters<SupportFilters>({
    empty: NO_FILTERS,
    debounced: ['q'],
    delay: TICKET_SEARCH_DEBOUNCE_MS,
    table: { setPaginationModel },
  });
  const filters = filterState.values;
  const [openId, setOpenId] = useState<number | null>(null);
  const search = supportListSearch(table.params, filterState.applied);

  const list = useSupportTickets(search);
  const counters = useSupportCounters();
  const assignees = useAssignees();

  const { set: setFilter, filtered } = filterState;

  const refresh = () => {
    void list.refetch();
    void counters.refetch();
  };
  const refreshing = (list.isFetching || counters.isFetching) && !list.isPending;

  const columns = useMemo<GridColDef<SupportTicket>[]>(() => {
    const c = ticketColumns;
    return phone
      ? [c.tituloCliente, { ...c.estado, width: 136 }, c.prioridad, c.createdAt, c.asignado]
      : [c.id, c.createdAt, c.titulo, c.nombreCliente, c.prioridad, c.estado, c.asignado];
  }, [phone]);

  return (
    <Box>
      <PageHeader
        title="Soporte"
        subtitle="Tickets de todos los clientes: quién los atiende, en qué estado van y qué se ha hecho."
        actions={
          <Button
            variant="outlined"
            startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
            onClick={refresh}
            disabled={refreshing}
          >
            Actualizar
          </Button>
        }
      />

      <SupportCounters
        counters={counters.data}
        loading={counters.isPending}
        selected={filters.estado}
        onSelect={(estado) => setFilter({ estado })}
      />

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            alignItems: 'center',
            gridTemplateColumns: {
              xs: '1fr 1fr',
              md: 'minmax(240px, 2fr) repeat(3, minmax(140px, 1fr)) auto',
            },
            '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
          }}
        >
          <SearchField
            label="Buscar ticket"
            placeholder="Título, cliente, teléfono o folio"
            value={filters.q}
            onChange={(v) => setFilter({ q: v })}
          />
          <FilterSelect
            label="Estado"
            value={filters.estado}
            onChange={(v) => setFilter({ estado: v })}
            all="Todos"
            options={SUPPORT_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          <FilterSelect
            label="Prioridad"
            value={filters.prioridad}
            onChange={(v) => setFilter({ prioridad: v })}
            all="Todas"
            options={PRIORITY_OPTIONS}
          />
          <FilterSelect
            label="Asignado a"
            value={filters.asignadoA}
            onChange={(v) => setFilter({ asignadoA: v })}
            all="Todos"
            options={[
              { value: 0, label: 'Sin asignar' },
              ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.nombre })),
            ]}
          />
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: { xs: 'space-between', md: 'flex-end' }, minWidth: 0 }}
          >
            {list.data && (
              <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
                {tickets(list.data.total)}
              </Typography>
            )}
            <Button
              size="small"
              color="inherit"
              startIcon={<FilterAltOffOutlinedIcon />}
              disabled={!filtered}
              onClick={filterState.reset}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Limpiar
            </Button>
          </Stack>
        </Box>
      </Paper>

      {list.isError ? (
        <Paper variant="outlined">
          <ErrorState message="No se pudieron cargar los tickets de soporte." onRetry={refresh} />
        </Paper>
      ) : (
        <DataTable<SupportTicket>
          aria-label="Tickets de soporte"
          rows={list.data?.items ?? []}
          rowCount={list.data?.total ?? 0}
          columns={columns}
          loading={list.isFetching}
          {...table.tableProps}
          onRowClick={(row) => setOpenId(row.id)}
          emptyText={filtered ? 'Sin resultados' : 'No hay tickets'}
          emptyDescription={
            filtered
              ? 'Ningún ticket coincide con la búsqueda o los filtros.'
              : 'Los tickets se registran desde el panel del cliente con el botón Soporte.'
          }
        />
      )}

      {openId !== null && <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(null)} />}
    </Box>
  );
}
