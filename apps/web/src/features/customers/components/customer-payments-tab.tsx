import { canDo, type CustomerPayment } from '@airlink/domain';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Box, Chip, IconButton, Link, Paper, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { Money } from '../../../components/ui/money';
import { tableLoading, useServerTable } from '../../../components/ui/use-server-table';
import { receiptPath, SendReceiptDialog } from '../../payments';
import { PaymentInvoiceCell } from '../../invoicing';
import { useSession } from '../../../lib/session-context';
import { useCustomerPayments } from '../api/list-customer-payments';
import { dayText } from '../../../components/ui/date-text';

function openReceipt(guid: string) {
  window.open(receiptPath(guid), '_blank', 'noopener');
}

/** Pagos tab: the customer's payments, newest first, 10 a page; each row opens its receipt in a new tab. */
export function CustomerPaymentsTab({ customerId, phone = '' }: { customerId: number; phone?: string }) {
  const table = useServerTable();
  const { level } = useSession();
  const canSend = canDo(level, 'payments.register');
  const canInvoice = canDo(level, 'invoices.issue');
  const [sending, setSending] = useState<number | null>(null);
  const payments = useCustomerPayments(customerId, table.params);
  const { refetch } = payments;

  const columns = useMemo<GridColDef<CustomerPayment>[]>(
    () => [
      {
        field: 'fechaPago',
        headerName: 'Fecha',
        width: 110,
        sortable: false,
        valueFormatter: (value: string) => dayText(value),
      },
      {
        field: 'periodo',
        headerName: 'Periodo',
        // '04/11/2026 – 03/12/2026' whole at 1366 px, and every column with the invoice's (level 16) too.
        width: 215,
        sortable: false,
        // An abono that completes no month has no period (paid-until stays).
        valueGetter: (_v, row) =>
          row.mesesCubiertos > 0
            ? `${dayText(row.fechaInicio)} – ${dayText(row.fechaFinalizacion)}`
            : 'Sin periodo (abono)',
      },
      {
        field: 'monto',
        headerName: 'Monto',
        // '$330.00' beside 'Reconexión' whole at 1366 px.
        minWidth: 175,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Money value={row.monto} />
            {row.abono && <Chip size="small" label="Abono" color="info" variant="outlined" />}
            {row.reconexion && <Chip size="small" label="Reconexión" color="warning" variant="outlined" />}
            {row.facturar && !canInvoice && <Chip size="small" label="Factura" variant="outlined" />}
          </Stack>
        ),
      },
      { field: 'cuenta', headerName: 'Lugar de pago', minWidth: 150, flex: 1, sortable: false },
      {
        field: 'referencia',
        headerName: 'Referencia',
        width: 110,
        sortable: false,
        // No menu: the header reads whole in the narrow column (nothing to sort or hide here).
        disableColumnMenu: true,
        valueFormatter: (value: string) => value || '—',
      },
      {
        // The receipt's number is its link (a new tab), so the row needs no separate 'view' button.
        field: 'reciboId',
        headerName: 'Recibo',
        width: 90,
        sortable: false,
        renderCell: ({ row }) => (
          <LazyTooltip title="Ver recibo">
            <Link
              aria-label="Ver recibo"
              href={receiptPath(row.guid)}
              target="_blank"
              rel="noopener"
              onClick={(e) => e.stopPropagation()}
            >
              {row.reciboId ? `No. ${row.reciboId}` : 'Ver'}
            </Link>
          </LazyTooltip>
        ),
      },
      // Level 16: the payment's invoice (its state; its PDF when stamped) or 'Facturar' while it has none.
      ...(canInvoice
        ? [
            {
              field: 'factura',
              headerName: 'Factura',
              width: 100,
              sortable: false,
              renderCell: ({ row }) => (
                <PaymentInvoiceCell
                  pagoId={row.id}
                  contratoId={customerId}
                  factura={row.factura}
                  onIssued={() => void refetch()}
                />
              ),
            } satisfies GridColDef<CustomerPayment>,
          ]
        : []),
      ...(canSend
        ? [
            {
              field: 'enviar',
              headerName: '',
              width: 48,
              sortable: false,
              disableColumnMenu: true,
              renderCell: ({ row }) =>
                row.reciboId !== null && (
                  <LazyTooltip title="Enviar por WhatsApp">
                    <IconButton
                      size="small"
                      aria-label="Enviar recibo por WhatsApp"
                      onClick={(e) => {
                        e.stopPropagation();
                        setSending(row.reciboId);
                      }}
                    >
                      <WhatsAppIcon fontSize="small" color="success" />
                    </IconButton>
                  </LazyTooltip>
                ),
            } satisfies GridColDef<CustomerPayment>,
          ]
        : []),
    ],
    [canSend, canInvoice, customerId, refetch],
  );

  if (payments.isError) {
    return (
      <Paper variant="outlined">
        <ErrorState
          message={payments.error.message || 'No se pudieron cargar los pagos.'}
          onRetry={() => void payments.refetch()}
        />
      </Paper>
    );
  }
  return (
    <Box>
      <DataTable<CustomerPayment>
        {...table.tableProps}
        aria-label="Pagos del cliente"
        actionsField="ver"
        rows={payments.data?.items ?? []}
        rowCount={payments.data?.total ?? 0}
        columns={columns}
        loading={tableLoading(payments)}
        onRowClick={(row) => openReceipt(row.guid)}
        emptyText="Sin pagos"
        emptyDescription="Este cliente todavía no tiene pagos registrados."
      />
      {canSend && (
        <SendReceiptDialog
          key={sending ?? 'cerrado'}
          receiptId={sending}
          phone={phone}
          onClose={() => setSending(null)}
        />
      )}
    </Box>
  );
}
