import { receiptNumber } from '@airlink/domain';
import { CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PrintLayout, type PrintPageSetup } from '../../../components/ui/print-layout';
import { ApiError } from '../../../lib/api-client';
import { useCompany } from '../../company';
import { useReceipt } from '../api/get-receipt';
import { ReceiptDocument, type ReceiptFormat } from '../components/receipt-document';
import { receiptUrl } from '../receipt-path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d{1,10}$/;
const FORMAT_KEY = 'airlink.receiptFormat';

/** Ticket printers take 80 mm rolls (72 mm printable); half letter is 8.5 x 5.5 in, landscape. */
const TICKET = { width: '80mm', marginMm: 4 };
const HALF_LETTER: PrintPageSetup = { size: '8.5in 5.5in', margin: '9mm 10mm' };
const PX_PER_MM = 96 / 25.4;

function storedFormat(): ReceiptFormat {
  try {
    return localStorage.getItem(FORMAT_KEY) === 'media-carta' ? 'media-carta' : 'ticket';
  } catch {
    return 'ticket';
  }
}

/** The paper the office uses, remembered in this browser (a cashier's desk has one printer). */
function useReceiptFormat(): [ReceiptFormat, (f: ReceiptFormat) => void] {
  const [format, setFormat] = useState<ReceiptFormat>(storedFormat);
  const choose = (f: ReceiptFormat) => {
    setFormat(f);
    try {
      localStorage.setItem(FORMAT_KEY, f);
    } catch {
      // Private mode: the choice lasts while the page is open.
    }
  };
  return [format, choose];
}

/** A QR code of `text` made in the browser (no public QR service), as a PNG data URL. */
function useQrCode(text: string | null): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 480 })
      .then((url) => {
        if (current) setImage({ text, url });
      })
      .catch((err: unknown) => console.error('QR code failed', err));
    return () => {
      current = false;
    };
  }, [text]);
  return image && image.text === text ? image.url : null;
}

/**
 * The ticket's page is as long as the receipt: a roll printer then cuts right after it. Measured on
 * screen, where the sheet has the printed width.
 */
function useTicketLength(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [mm, setMm] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const measure = () => {
      // Only the screen layout has the ticket's width; a print layout may be wider.
      if (window.matchMedia?.('print').matches) return;
      const h = el.getBoundingClientRect().height;
      if (h > 0) setMm(Math.ceil(h / PX_PER_MM) + 2);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return [ref, mm] as const;
}

/**
 * /print/receipt/:id (level 5): the receipt by guid (opened after a payment) or by receipt number,
 * ready to print on an 80 mm ticket or half a letter sheet.
 */
export function ReceiptPrintPage() {
  const { id: raw = '' } = useParams();
  const key = raw.trim();
  const valid = NUMBER.test(key) || UUID.test(key);
  const receipt = useReceipt(valid ? key : null);
  const company = useCompany();
  const [format, setFormat] = useReceiptFormat();
  const url = receipt.data ? receiptUrl(receipt.data.guid) : null;
  const qr = useQrCode(url);
  const ready = receipt.isSuccess && company.isSuccess;
  const ticket = format === 'ticket';
  const [ticketRef, ticketMm] = useTicketLength(ready && ticket);

  let body: ReactNode;
  let title = 'Recibo';
  if (!valid) {
    body = (
      <ErrorState
        message={`No encontramos el recibo «${raw}»: indica su número o ábrelo desde la pestaña Pagos del cliente.`}
      />
    );
  } else if (receipt.isError || company.isError) {
    const notFound =
      receipt.error instanceof ApiError && (receipt.error.status === 404 || receipt.error.status === 400);
    const error = receipt.error ?? company.error;
    body = (
      <ErrorState
        message={
          notFound
            ? `No encontramos el recibo «${key}». Revisa el número o ábrelo desde la pestaña Pagos del cliente.`
            : error?.message || 'No se pudo cargar el recibo. Intenta de nuevo.'
        }
        onRetry={
          notFound
            ? undefined
            : () => {
                if (receipt.isError) void receipt.refetch();
                if (company.isError) void company.refetch();
              }
        }
      />
    );
  } else if (!ready) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">Cargando recibo…</Typography>
      </Stack>
    );
  } else {
    title = `Recibo ${receiptNumber(receipt.data.id)} · ${receipt.data.nombre}`;
    body = (
      <div ref={ticketRef}>
        <ReceiptDocument receipt={receipt.data} company={company.data} format={format} qr={qr} url={url ?? ''} />
      </div>
    );
  }

  const page: PrintPageSetup = ticket
    ? { size: `${TICKET.width} ${(ticketMm ?? 200) + 2 * TICKET.marginMm}mm`, margin: `${TICKET.marginMm}mm` }
    : HALF_LETTER;

  return (
    <PrintLayout
      title={title}
      printable={ready}
      page={page}
      sheetWidth={ready ? (ticket ? TICKET.width : '8.5in') : '210mm'}
      sheetPadding={ready ? (ticket ? `${TICKET.marginMm}mm` : '9mm 10mm') : '14mm'}
      sheetMinHeight={ready && !ticket ? '5.5in' : undefined}
      actions={
        ready && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={format}
            onChange={(_e, next: ReceiptFormat | null) => next && setFormat(next)}
            aria-label="Formato de impresión"
          >
            <ToggleButton value="ticket">Ticket 80 mm</ToggleButton>
            <ToggleButton value="media-carta">Media carta</ToggleButton>
          </ToggleButtonGroup>
        )
      }
    >
      <title>{`${title} · AirLink`}</title>
      {body}
    </PrintLayout>
  );
}
