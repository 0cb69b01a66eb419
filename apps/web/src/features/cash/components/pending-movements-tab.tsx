import { useMemo } from 'react';
import { PENDING_PAYMENTS_REFRESH_MS, toCentavos, toPesos, type PendingMovement } from '@airlink/domain';
import { formatTime } from '../../../lib/business-time';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, CircularProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useAccounts } from '../../../lib/reference-data';
import { usePendingMovements } from '../api/list-pending-movements';
import { dayText } from '../../../components/ui/date-text';
import { FilterSelect } from '../../../components/ui/filter-select';
import { SearchField } from '../../../components/ui/search-field';
import { useListFilters } from '../../../components/ui/use-list-filters';

const NO_FILTERS: { q: string; idCuenta: number | '' } = { q: '', idCuenta: '' };
const base = { disableColumnMenu: true } as const;
const deposits = (n: number) => `${n} ${n === 1 ? 'depósito pendiente' : 'depósitos pendientes'}`;
const REFRESH_MINUTES = PENDING_PAYMENTS_REFRESH_MS / 60_000;

const columns = {
  fecha: {
    ...base,
    field: 'fechaRealizacion',
    headerName: 'Fecha',
    width: 110,
    valueFormatter: (v: string) => dayText(v),
  },
  referencia: {
    ...base,
    field: 'referencia',
    headerName: 'Referencia',
    width: 180,
    renderCell: ({ row }) => (
      <Box
        component="span"
        sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85rem' }}
      >
        {row.referencia}
      </Box>
    ),
  },
  descripcion: { ...base, field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 180 },
  cuenta: { ...base, field: 'cuenta', headerName: 'Cuenta', width: 160 },
  monto: {
    ...base,
    field: 'monto',
    headerName: 'Monto',
    width: 124,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => <Money value={row.monto} />,
  },
  resumen: {
    ...base,
    field: 'referencia',
    headerName: 'Depósito',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0 }}>
        <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.85rem' }}>
          {row.referencia}
        </Box>
        <Typography variant="caption" color="text.secondary" noWrap>
          {dayText(row.fechaRealizacion)} · {row.cuenta}
        </Typography>
      </Stack>
    ),
  },
} satisfies Record<string, GridColDef<PendingMovement>>;

/**
 * 'Depósitos pendientes': bank movements no payment uses yet (the cashier links one when registering a
 * payment). Searched by reference and filtered by account on the server; refreshed every 15 minutes and with
 * 'Actualizar'.
 */
export function PendingMovementsTab() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const filters = useListFilters({ empty: NO_FILTERS, debounced: ['q'] });
  const { q: search, idCuenta } = filters.applied;
  const list = usePendingMovements(search, idCuenta);
  const accounts = useAccounts();
  const banks = (accounts.data ?? []).filter((a) => a.grupo === 'banco');
  const rows = list.data ?? [];
  const total = toPesos(rows.reduce((s, r) => s + toCentavos(r.monto), 0));
  const refreshing = list.isFetching && !list.isPending;

  const cols = useMemo<GridColDef<PendingMovement>[]>(
    () =>
      phone
        ? [columns.resumen, columns.monto]
        : [columns.fecha, columns.referencia, columns.descripcion, columns.cuenta, columns.monto],
    [phone],
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr', md: 'minmax(240px, 2fr) minmax(180px, 1fr) auto' },
          }}
        >
          <SearchField label="Buscar por referencia" value={filters.values.q} onChange={(v) => filters.set({ q: v })} />
          <FilterSelect
            label="Cuenta"
            value={filters.values.idCuenta}
            onChange={(v) => filters.set({ idCuenta: v })}
            all="Todas las cuentas"
            options={banks.map((a) => ({ value: a.id, label: a.nombre }))}
          />
          <Button
            variant="outlined"
            onClick={() => void list.refetch()}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
          >
            Actualizar
          </Button>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ mt: 1.5, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" role="status">
            {list.data ? (
              <>
                <strong>{deposits(rows.length)}</strong> · <Money value={total} />
              </>
            ) : (
              ' '
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Se actualiza sola cada {REFRESH_MINUTES} minutos
            {list.dataUpdatedAt > 0 && ` · última actualización ${formatTime(list.dataUpdatedAt)}`}
          </Typography>
        </Stack>
      </Paper>
      {list.isError && !list.data ? (
        <Paper variant="outlined">
          <ErrorState message="No se pudieron cargar los depósitos pendientes." onRetry={() => void list.refetch()} />
        </Paper>
      ) : (
        <DataTable<PendingMovement>
          mode="client"
          aria-label="Depósitos pendientes"
          rows={rows}
          columns={cols}
          loading={list.isPending || refreshing}
          emptyText={search || idCuenta !== '' ? 'Sin resultados' : 'No hay depósitos pendientes'}
          emptyDescription={
            search || idCuenta !== ''
              ? 'Ningún depósito coincide con la búsqueda.'
              : 'Todos los depósitos del banco ya están ligados a un pago. Importa un estado de cuenta para traer nuevos.'
          }
        />
      )}
    </Stack>
  );
}
