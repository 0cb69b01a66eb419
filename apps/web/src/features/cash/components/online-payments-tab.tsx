import { useMemo } from 'react';
import { ONLINE_PAYMENT_STATES, type OnlinePaymentListItem, type OnlinePaymentState } from '@airlink/domain';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { Alert, Box, Chip, Link, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { FilterSelect } from '../../../components/ui/filter-select';
import { Money } from '../../../components/ui/money';
import { useListFilters } from '../../../components/ui/use-list-filters';
import { useServerTable } from '../../../components/ui/use-server-table';
import { customerPanelPath } from '../../../lib/customer-search';
import { useOnlinePayments } from '../api/list-online-payments';

const base = { sortable: false, disableColumnMenu: true } as const;

/** How each state reads, and its chip colour. */
export const ONLINE_STATE_LABELS: Record<
  OnlinePaymentState,
  { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }
> = {
  pendiente: { label: 'Pendiente', color: 'info' },
  aprobado: { label: 'Aprobado', color: 'success' },
  rechazado: { label: 'Rechazado', color: 'default' },
  expirado: { label: 'Expirado', color: 'default' },
  reembolsado: { label: 'Reembolsado', color: 'error' },
};

function StateChip({ row }: { row: OnlinePaymentListItem }) {
  const s = ONLINE_STATE_LABELS[row.estado];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Chip size="small" label={s.label} color={s.color} variant="outlined" />
      {row.marcado && (
        <Tooltip title={row.motivoMarca ?? 'Revisar: reembolso o contracargo'}>
          <Chip
            size="small"
            color="error"
            icon={<FlagOutlinedIcon />}
            label="Revisar"
            aria-label={`Marcado: ${row.motivoMarca ?? 'reembolso o contracargo'}`}
          />
        </Tooltip>
      )}
    </Stack>
  );
}

const customer = (row: OnlinePaymentListItem) => (
  <Link component={RouterLink} to={customerPanelPath(row.idCliente)} underline="hover">
    {row.nombreCliente}
  </Link>
);

const columns = {
  fecha: {
    ...base,
    field: 'fecha',
    headerName: 'Fecha',
    width: 150,
    renderCell: ({ row }) => <DateText value={row.fecha} withTime />,
  },
  contrato: {
    ...base,
    field: 'nombreCliente',
    headerName: 'Contrato',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0 }}>
        {customer(row)}
        <Typography variant="caption" color="text.secondary" noWrap>
          {row.idcliente}
        </Typography>
      </Stack>
    ),
  },
  meses: { ...base, field: 'meses', headerName: 'Meses', width: 80, align: 'right', headerAlign: 'right' },
  monto: {
    ...base,
    field: 'monto',
    headerName: 'Monto',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => <Money value={row.monto} />,
  },
  estado: {
    ...base,
    field: 'estado',
    headerName: 'Estado',
    width: 210,
    renderCell: ({ row }) => <StateChip row={row} />,
  },
  mp: {
    ...base,
    field: 'idPagoMercadoPago',
    headerName: 'Pago Mercado Pago',
    width: 170,
    renderCell: ({ row }) => (
      <Box
        component="span"
        sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85rem' }}
      >
        {row.idPagoMercadoPago ?? '—'}
      </Box>
    ),
  },
  resumen: {
    ...base,
    field: 'resumen',
    headerName: 'Pago en línea',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0 }}>
        {customer(row)}
        <Typography variant="caption" color="text.secondary" noWrap>
          <DateText value={row.fecha} withTime /> · {row.meses} {row.meses === 1 ? 'mes' : 'meses'} · MP{' '}
          {row.idPagoMercadoPago ?? '—'}
        </Typography>
      </Stack>
    ),
  },
  resumenMonto: {
    ...base,
    field: 'monto',
    headerName: 'Monto',
    width: 130,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', alignItems: 'flex-end', height: '100%', lineHeight: 1.25 }}>
        <Money value={row.monto} />
        <Typography variant="caption" color={row.marcado ? 'error' : 'text.secondary'}>
          {row.marcado ? 'Revisar' : ONLINE_STATE_LABELS[row.estado].label}
        </Typography>
      </Stack>
    ),
  },
} satisfies Record<string, GridColDef<OnlinePaymentListItem>>;

const NO_FILTERS: { estado: OnlinePaymentState | '' } = { estado: '' };
const STATE_OPTIONS = ONLINE_PAYMENT_STATES.map((s) => ({ value: s, label: ONLINE_STATE_LABELS[s].label }));

/**
 * 'Pagos en línea': what customers paid from the portal through Mercado Pago (docs/business-rules.md "Paying online").
 * An approved one is already a payment of the contract, with its receipt, in the account 'Mercado Pago'; a refund or
 * chargeback after that is never reversed silently: the row is flagged 'Revisar' for a person to decide.
 */
export function OnlinePaymentsTab() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const table = useServerTable();
  const filters = useListFilters({ empty: NO_FILTERS, table: { setPaginationModel: table.setPaginationModel } });
  const { estado } = filters.applied;
  const list = useOnlinePayments(table.params.page, table.params.pageSize, estado);
  const rows = list.data?.items ?? [];
  const flagged = rows.filter((r) => r.marcado).length;
  const cols = useMemo<GridColDef<OnlinePaymentListItem>[]>(
    () =>
      phone
        ? [columns.resumen, columns.resumenMonto]
        : [columns.fecha, columns.contrato, columns.meses, columns.monto, columns.estado, columns.mp],
    [phone],
  );

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FilterSelect
          label="Estado"
          value={filters.values.estado}
          onChange={(v) => filters.set({ estado: v })}
          all="Todos los estados"
          options={STATE_OPTIONS}
          sx={{ minWidth: 200 }}
        />
        <Typography variant="body2" color="text.secondary">
          Los pagos aprobados ya están registrados en la cuenta Mercado Pago, con su recibo.
        </Typography>
      </Box>
      {flagged > 0 && (
        <Alert severity="warning">
          {flagged === 1
            ? 'Un pago de esta página fue reembolsado o tuvo un contracargo después de registrarse: revísalo.'
            : `${flagged} pagos de esta página fueron reembolsados o tuvieron un contracargo después de registrarse: revísalos.`}
        </Alert>
      )}
      {list.isError && !list.data ? (
        <ErrorState message="No se pudieron cargar los pagos en línea." onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<OnlinePaymentListItem>
          aria-label="Pagos en línea"
          rows={rows}
          rowCount={list.data?.total ?? 0}
          columns={cols}
          loading={list.isFetching}
          {...table.tableProps}
          highlightRow={(row) => row.marcado}
          emptyText={estado ? 'Sin resultados' : 'Aún no hay pagos en línea'}
          emptyDescription={
            estado
              ? 'Ningún pago en línea tiene ese estado.'
              : 'Cuando un cliente pague desde el portal con Mercado Pago, aparecerá aquí.'
          }
        />
      )}
    </Stack>
  );
}
