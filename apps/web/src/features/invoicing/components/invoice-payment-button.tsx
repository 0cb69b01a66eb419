import { canDo, type FiscalData } from '@airlink/domain';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { IconButton } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useSnackbar } from '../../../lib/toast';
import { fiscalDataQueryOptions, useInvoicePayment } from '../api/invoicing-api';
import { FiscalDataDialog } from './fiscal-data-dialog';

/**
 * 'Facturar' on a payment of the customer panel's Pagos tab (level 16): issues the payment's invoice now. When
 * the contract has no fiscal data it asks for them first, then invoices.
 */
export function InvoicePaymentButton({
  pagoId,
  contratoId,
  onIssued,
}: {
  pagoId: number;
  contratoId: number;
  /** After the PAC answered (stamped, pending or failed): the payments list shows the invoice's state. */
  onIssued?: () => void;
}) {
  const allowed = canDo(useSession().level, 'invoices.issue');
  const queryClient = useQueryClient();
  const invoice = useInvoicePayment();
  const { enqueueSnackbar } = useSnackbar();
  const [asking, setAsking] = useState(false);
  if (!allowed) return null;

  const issue = async () => {
    try {
      const issued = await invoice.mutateAsync(pagoId);
      onIssued?.();
      if (issued.estado === 'valida')
        enqueueSnackbar(`Factura ${issued.serie}${issued.folio ?? ''} timbrada`, { variant: 'success' });
      else if (issued.estado === 'pendiente')
        enqueueSnackbar(`Factura en proceso: ${issued.motivo ?? 'el PAC no respondió; se reintenta sola'}`, {
          variant: 'info',
        });
      else
        enqueueSnackbar(`La factura no se timbró: ${issued.motivo ?? 'revisa en Facturación'}`, { variant: 'error' });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'fiscal_data_missing') {
        setAsking(true);
        return;
      }
      enqueueSnackbar(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo facturar el pago.', {
        variant: 'error',
      });
    }
  };

  const start = async () => {
    // Ask for the fiscal data before calling the PAC when the contract has none.
    let data: FiscalData | null = null;
    try {
      data = await queryClient.fetchQuery(fiscalDataQueryOptions(contratoId));
    } catch {
      // The server answers 400 fiscal_data_missing anyway.
    }
    if (!data) setAsking(true);
    else await issue();
  };

  return (
    <>
      <LazyTooltip title="Facturar">
        <span>
          <IconButton
            size="small"
            aria-label="Facturar pago"
            disabled={invoice.isPending}
            onClick={(e) => {
              e.stopPropagation();
              void start();
            }}
          >
            <RequestQuoteOutlinedIcon fontSize="small" color="primary" />
          </IconButton>
        </span>
      </LazyTooltip>
      {asking && (
        <FiscalDataDialog
          contratoId={contratoId}
          data={null}
          intro="Para facturar este pago, captura primero los datos fiscales del cliente."
          onClose={() => setAsking(false)}
          onSaved={() => void issue()}
        />
      )}
    </>
  );
}
