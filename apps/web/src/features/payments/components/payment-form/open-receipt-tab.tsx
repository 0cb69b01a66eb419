import { Button } from '@mui/material';
import { useSnackbar } from '../../../../lib/toast';
import type { PaymentResult } from '@airlink/domain';
import { receiptPath } from '../../receipt-path';

/**
 * Opens the receipt in a new tab right after the answer. Returns false when the browser blocked the
 * tab (the caller offers a link instead). Without 'noopener' window.open tells us whether it opened.
 */
function openReceiptTab(guid: string): boolean {
  const tab = window.open(receiptPath(guid), '_blank');
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // Some browsers refuse; the receipt is our own page anyway.
  }
  return true;
}

/** 'Pago registrado' with its receipt opened in a new tab, or a lasting link when the tab was blocked. */
export function useAnnounceReceipt() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (result: PaymentResult) => {
    if (openReceiptTab(result.guid)) {
      enqueueSnackbar('Pago registrado', { variant: 'success' });
      return;
    }
    enqueueSnackbar('Pago registrado. El navegador bloqueó la pestaña del recibo.', {
      variant: 'success',
      persist: true,
      action: (key) => (
        <Button
          color="inherit"
          size="small"
          component="a"
          href={receiptPath(result.guid)}
          target="_blank"
          rel="noopener"
          onClick={() => closeSnackbar(key)}
        >
          Abrir recibo
        </Button>
      ),
    });
  };
}
