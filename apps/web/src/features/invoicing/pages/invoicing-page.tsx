import { canDo, INVOICE_STATE_TEXT, INVOICE_STATES, type Invoice, type InvoiceState } from '@airlink/domain';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CodeIcon from '@mui/icons-material/Code';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { PageHeader } from '../../../components/ui/page-header';
import { tableLoading, useServerTable } from '../../../components/ui/use-server-table';
import { ApiError } from '../../../lib/api-client';
import { businessDate } from '../../../lib/business-time';
import { useSession } from '../../../lib/session-context';
import { useSnackbar } from '../../../lib/toast';
import {
  invoiceListSearch,
  useDownloadInvoice,
  useInvoices,
  useInvoiceTotals,
  useRefreshCancellation,
  type InvoiceFilters,
} from '../api/invoicing-api';
import { CancelInvoiceDialog } from '../components/cancel-invoice-dialog';
import { GlobalInvoiceCard } from '../components/global-invoice-card';
import { InvoiceStateChip } from '../components/invoice-state-chip';
import { SendInvoiceDialog } from '../components/send-invoice-dialog';

const ANY = 'all';
const STAMPED: readonly InvoiceState[] = ['valida', 'cancelacion_pendiente', 'cancelada'];
/** 'F12' once stamped; before, the internal number ('Sin folio #3'). */
const folioOf = (i: Invoice) => (i.folio !== null ? `${i.serie}${i.folio}` : `Sin folio #${i.id}`);

/** The last 24 months, newest first, as 'noviembre de 2026' (es-MX). */
export function recentPeriods(current: string, count = 24): Array<{ value: string; label: string }> {
  const [y, m] = current.split('-').map(Number) as [number, number];
  const name = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return { value: d.toISOString().slice(0, 7), label: name.format(d) };
  });
}

/** The month's invoices by state: how many and how much. */
function TotalsByState({ periodo, onPick }: { periodo: string; onPick: (estado: InvoiceState) => void }) {
  const totals = useInvoiceTotals(periodo);
  const byState = new Map((totals.data?.porEstado ?? []).map((t) => [t.estado, t]));
  return (
    <Box
      role="list"
      aria-label="Totales por estado"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, 1fr)' },
      }}
    >
      {INVOICE_STATES.map((estado) => {
        const t = byState.get(estado);
        return (
          <Paper
            key={estado}
            role="listitem"
            variant="outlined"
            component="button"
            type="button"
            onClick={() => onPick(estado)}
            aria-label={
              totals.isPending ? INVOICE_STATE_TEXT[estado] : `${INVOICE_STATE_TEXT[estado]}: ${t?.facturas ?? 0}`
            }
            sx={{
              p: 1.5,
              textAlign: 'left',
              cursor: 'pointer',
              font: 'inherit',
              bgcolor: 'background.paper',
              borderColor: estado === 'error' && t?.facturas ? 'error.main' : undefined,
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {INVOICE_STATE_TEXT[estado]}
            </Typography>
            <Typography variant="h6" component="span" sx={{ display: 'block', lineHeight: 1.3 }}>
              {totals.isPending ? '…' : (t?.facturas ?? 0)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Money value={t?.total ?? 0} />
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}

/** One icon action of a row. */
function RowButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Facturación (/dashboard/facturacion, level 16 reads, 20 cancels and issues the global invoice; docs/invoicing.md):
 * the month's invoices paged on the server with their totals by state, the global invoice, each invoice's PDF and
 * XML, 'Enviar por WhatsApp', cancellation with the SAT's motive, and every PAC error in Spanish with what to fix.
 */
export function InvoicingPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { level } = useSession();
  const canManage = canDo(level, 'invoices.manage');
  const { enqueueSnackbar } = useSnackbar();
  const currentPeriod = businessDate(new Date()).slice(0, 7);
  const [filters, setFilters] = useState<InvoiceFilters>({ estado: '', periodo: currentPeriod, idContrato: '' });
  const table = useServerTable();
  const { setPaginationModel } = table;
  const search = invoiceListSearch(table.params.page, table.params.pageSize, filters);
  const list = useInvoices(search);
  const download = useDownloadInvoice();
  const refreshCancellation = useRefreshCancellation();
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const [sending, setSending] = useState<Invoice | null>(null);

  const setFilter = (patch: Partial<InvoiceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaginationModel((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  };
  const periodValid = /^\d{4}-\d{2}$/.test(filters.periodo);
  const periods = useMemo(() => recentPeriods(currentPeriod), [currentPeriod]);

  const columns = useMemo<GridColDef<Invoice>[]>(() => {
    const get = (invoice: Invoice, kind: 'pdf' | 'xml') =>
      download.mutate(
        { invoice, kind },
        {
          onError: (e) =>
            enqueueSnackbar(
              e instanceof ApiError && e.code !== 'network'
                ? e.message
                : `No se pudo descargar el ${kind.toUpperCase()}.`,
              { variant: 'error' },
            ),
        },
      );
    const actions: GridColDef<Invoice> = {
      field: 'acciones',
      headerName: 'Acciones',
      width: canManage ? 150 : 115,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          {row.uuid && STAMPED.includes(row.estado) && (
            <>
              <RowButton label={`Descargar PDF de ${folioOf(row)}`} onClick={() => get(row, 'pdf')}>
                <PictureAsPdfOutlinedIcon fontSize="small" color="error" />
              </RowButton>
              <RowButton label={`Descargar XML de ${folioOf(row)}`} onClick={() => get(row, 'xml')}>
                <CodeIcon fontSize="small" />
              </RowButton>
            </>
          )}
          {row.estado === 'valida' && row.tipo === 'pago' && (
            <RowButton label={`Enviar ${folioOf(row)} por WhatsApp`} onClick={() => setSending(row)}>
              <WhatsAppIcon fontSize="small" color="success" />
            </RowButton>
          )}
          {canManage && row.estado === 'valida' && (
            <RowButton label={`Cancelar ${folioOf(row)}`} onClick={() => setCancelling(row)}>
              <CancelOutlinedIcon fontSize="small" color="warning" />
            </RowButton>
          )}
          {canManage && row.estado === 'cancelacion_pendiente' && (
            <RowButton
              label={`Consultar cancelación de ${folioOf(row)}`}
              onClick={() => refreshCancellation.mutate(row.id)}
            >
              <SyncIcon fontSize="small" />
            </RowButton>
          )}
        </Stack>
      ),
    };
    const folio: GridColDef<Invoice> = {
      field: 'folio',
      headerName: 'Factura',
      width: 115,
      sortable: false,
      valueGetter: (_v, row) => folioOf(row),
    };
    const fecha: GridColDef<Invoice> = {
      field: 'fecha',
      headerName: 'Fecha',
      width: 105,
      sortable: false,
      renderCell: ({ row }) => <DateText value={row.fecha} />,
    };
    const cliente: GridColDef<Invoice> = {
      field: 'nombre',
      headerName: 'Cliente',
      minWidth: 160,
      flex: 1,
      sortable: false,
      valueGetter: (_v, row) =>
        row.tipo === 'global' ? `Público en general · ${row.periodo ?? ''}` : (row.nombre ?? '—'),
    };
    const contrato: GridColDef<Invoice> = {
      field: 'idContrato',
      headerName: 'Contrato',
      width: 90,
      sortable: false,
      valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
    };
    const total: GridColDef<Invoice> = {
      field: 'total',
      headerName: 'Total',
      width: 110,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => <Money value={row.total} />,
    };
    const estado: GridColDef<Invoice> = {
      field: 'estado',
      headerName: 'Estado',
      width: 175,
      sortable: false,
      renderCell: ({ row }) => <InvoiceStateChip estado={row.estado} />,
    };
    const motivo: GridColDef<Invoice> = {
      field: 'motivo',
      headerName: 'Motivo',
      minWidth: 160,
      flex: 1.2,
      sortable: false,
      renderCell: ({ row }) =>
        row.motivo ? (
          <Tooltip title={row.motivo}>
            <span>{row.motivo}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    };
    const resumen: GridColDef<Invoice> = {
      field: 'resumen',
      headerName: 'Factura',
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            <strong>{folioOf(row)}</strong> · <Money value={row.total} />
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.tipo === 'global' ? 'Público en general' : (row.nombre ?? '—')} · {INVOICE_STATE_TEXT[row.estado]}
          </Typography>
        </Stack>
      ),
    };
    return phone ? [resumen, actions] : [folio, actions, fecha, cliente, contrato, total, estado, motivo];
  }, [phone, canManage, download, enqueueSnackbar, refreshCancellation]);

  const items = list.data?.items ?? [];
  const withReason = items.filter((i) => i.motivo && (i.estado === 'error' || i.estado === 'pendiente'));

  return (
    <Box>
      <PageHeader
        title="Facturación"
        subtitle="Facturas CFDI 4.0 de los pagos de clientes que facturan, la factura global del mes y los errores del PAC con qué corregir."
      />
      <Stack spacing={2.5}>
        <Card component="section" aria-label="Mes">
          <CardContent>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                <TextField
                  select
                  size="small"
                  label="Mes"
                  value={filters.periodo}
                  onChange={(e) => setFilter({ periodo: e.target.value })}
                  sx={{ width: { xs: '100%', sm: 220 } }}
                >
                  {periods.map((p) => (
                    <MenuItem key={p.value} value={p.value}>
                      {p.label}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography variant="body2" color="text.secondary">
                  Toca un estado para ver solo esas facturas.
                </Typography>
              </Stack>
              {periodValid && <TotalsByState periodo={filters.periodo} onPick={(estado) => setFilter({ estado })} />}
            </Stack>
          </CardContent>
        </Card>

        {canManage && periodValid && (
          <GlobalInvoiceCard periodo={filters.periodo} monthEnded={filters.periodo < currentPeriod} />
        )}

        <Card component="section" aria-labelledby="invoice-list-title">
          <CardContent sx={{ pb: 1 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
            >
              <Typography id="invoice-list-title" variant="h6" component="h2">
                Facturas del mes
              </Typography>
              {list.data && (
                <Typography variant="body2" color="text.secondary" role="status">
                  {list.data.total} {list.data.total === 1 ? 'factura' : 'facturas'}
                </Typography>
              )}
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 220px))' },
                alignItems: 'start',
              }}
            >
              <TextField
                select
                size="small"
                label="Estado"
                value={filters.estado || ANY}
                onChange={(e) => setFilter({ estado: e.target.value === ANY ? '' : (e.target.value as InvoiceState) })}
              >
                <MenuItem value={ANY}>Todos</MenuItem>
                {INVOICE_STATES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {INVOICE_STATE_TEXT[s]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Contrato"
                value={filters.idContrato}
                onChange={(e) => setFilter({ idContrato: e.target.value })}
                error={filters.idContrato.trim() !== '' && !/^\d+$/.test(filters.idContrato.trim())}
                helperText={
                  filters.idContrato.trim() !== '' && !/^\d+$/.test(filters.idContrato.trim())
                    ? 'Solo el número'
                    : undefined
                }
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <Button
                size="small"
                color="inherit"
                disabled={!filters.estado && !filters.idContrato}
                onClick={() => setFilter({ estado: '', idContrato: '' })}
                sx={{ justifySelf: 'start', mt: 0.5 }}
              >
                Limpiar filtros
              </Button>
            </Box>
          </CardContent>
          {list.isError ? (
            <ErrorState message="No se pudieron cargar las facturas." onRetry={() => void list.refetch()} />
          ) : (
            <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
              {withReason.length > 0 && (
                <Stack spacing={1} sx={{ mb: 1.5 }} aria-label="Facturas por corregir">
                  {withReason.map((i) => (
                    <Alert key={i.id} severity={i.estado === 'error' ? 'error' : 'info'}>
                      <strong>{folioOf(i)}</strong> {i.nombre ? `· ${i.nombre}` : ''}: {i.motivo}
                      {i.estado === 'error' && i.idContrato
                        ? '. Corrige los datos fiscales del contrato y pulsa «Facturar» en su pestaña Pagos.'
                        : ''}
                    </Alert>
                  ))}
                </Stack>
              )}
              <DataTable<Invoice>
                {...table.tableProps}
                aria-label="Facturas"
                actionsField="acciones"
                rows={items}
                rowCount={list.data?.total ?? 0}
                columns={columns}
                loading={tableLoading(list)}
                emptyText="Sin facturas"
                emptyDescription="No hay facturas con estos filtros. Los pagos de contratos que facturan se timbran solos."
              />
            </Box>
          )}
        </Card>
      </Stack>
      {cancelling && <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />}
      {sending && <SendInvoiceDialog invoice={sending} onClose={() => setSending(null)} />}
    </Box>
  );
}
