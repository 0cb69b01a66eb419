import type { CustomerPayment, InvoiceState } from '@airlink/domain';
import { Chip, Stack, type ChipProps } from '@mui/material';
import { useState } from 'react';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { downloadInvoiceFile } from '../api/invoicing-api';
import { InvoicePaymentButton } from './invoice-payment-button';

type PaymentInvoice = NonNullable<CustomerPayment['factura']>;

const CHIPS: Record<Exclude<InvoiceState, 'cancelada'>, { label: string; color: ChipProps['color'] }> = {
  valida: { label: 'Facturada', color: 'success' },
  cancelacion_pendiente: { label: 'Cancelando', color: 'warning' },
  pendiente: { label: 'Pendiente', color: 'info' },
  error: { label: 'Error', color: 'error' },
};

/** Stamped invoices have a PDF; a pending or failed one does not yet. */
const hasPdf = (estado: InvoiceState) => estado === 'valida' || estado === 'cancelacion_pendiente';

/**
 * The invoice of a payment in the customer panel's Pagos tab (`CustomerPayment.factura`, docs/api-contract.md):
 * 'Facturar' while the payment has none (or its invoice failed), and the invoice's state otherwise; a stamped one's
 * chip downloads its PDF.
 */
export function PaymentInvoiceCell({
  pagoId,
  contratoId,
  factura,
  onIssued,
}: {
  pagoId: number;
  contratoId: number;
  factura: CustomerPayment['factura'];
  onIssued: () => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {factura && factura.estado !== 'cancelada' && <InvoiceChip factura={factura} />}
      {(!factura || factura.estado === 'error' || factura.estado === 'cancelada') && (
        <InvoicePaymentButton pagoId={pagoId} contratoId={contratoId} onIssued={onIssued} />
      )}
    </Stack>
  );
}

function InvoiceChip({ factura }: { factura: PaymentInvoice }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const chip = CHIPS[factura.estado as keyof typeof CHIPS];
  const folio = `${factura.serie}${factura.folio ?? ''}`;
  if (!hasPdf(factura.estado))
    return (
      <LazyTooltip title={factura.estado === 'error' ? 'La factura no se timbró: revisa en Facturación' : 'En proceso'}>
        <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />
      </LazyTooltip>
    );
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoiceFile(factura, 'pdf');
    } catch (e) {
      enqueueSnackbar(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo descargar el PDF.', {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <LazyTooltip title={`Factura ${folio}: descargar PDF`}>
      <Chip
        size="small"
        variant="outlined"
        color={chip.color}
        label={chip.label}
        aria-label={`${chip.label}: descargar PDF de la factura ${folio}`}
        disabled={busy}
        onClick={(e) => {
          e.stopPropagation();
          void download();
        }}
      />
    </LazyTooltip>
  );
}
