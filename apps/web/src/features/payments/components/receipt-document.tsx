import {
  formatMoney,
  receiptAddress,
  receiptNumber,
  receiptPeriodText,
  type Company,
  type ReceiptDetail,
} from '@airlink/domain';
import { formatDateTime } from '../../../lib/business-time';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Paper of the receipt: an 80 mm ticket printer or half a letter sheet (landscape). */
export type ReceiptFormat = 'ticket' | 'media-carta';

export interface ReceiptDocumentProps {
  /** With `urlPortal`: the portal's address while customers can pay online, else ''. */
  receipt: ReceiptDetail;
  company: Company;
  format: ReceiptFormat;
  /** The QR image (data URL), or null while it is being made. */
  qr: string | null;
  /** The address the QR encodes (printed under it on half letter). */
  url: string;
}

function Mark({ checked, label }: { checked: boolean; label: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      aria-label={`${label}: ${checked ? 'sí' : 'no'}`}
    >
      <Box
        aria-hidden
        sx={{
          width: '3.2mm',
          height: '3.2mm',
          border: '1px solid #111',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: '2.8mm',
          lineHeight: 1,
          fontWeight: 700,
        }}
      >
        {checked ? '✓' : ''}
      </Box>
      <span>{label}</span>
    </Stack>
  );
}

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Box sx={{ breakInside: 'avoid' }}>
      <Typography
        component="div"
        sx={{ fontSize: '0.78em', color: '#555', textTransform: 'uppercase', letterSpacing: 0.3 }}
      >
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{
          fontSize: '1em',
          fontWeight: 600,
          overflowWrap: 'anywhere',
          ...(mono ? { fontFamily: 'monospace', whiteSpace: 'pre-wrap', fontWeight: 500 } : {}),
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function CompanyBlock({ company: co, centered }: { company: Company; centered: boolean }) {
  const phones = co.telefonos.filter(Boolean).join(', ');
  return (
    <Box sx={{ textAlign: centered ? 'center' : 'left' }}>
      {co.logo && (
        <Box
          component="img"
          src={co.logo}
          alt={`Logotipo de ${co.nombreComercial}`}
          sx={{ display: 'block', maxHeight: 56, maxWidth: 180, mb: 0.5, mx: centered ? 'auto' : 0 }}
        />
      )}
      <Typography sx={{ fontSize: '1.7em', fontWeight: 800, color: '#1546a0', lineHeight: 1.1 }}>
        {co.nombreComercial}
      </Typography>
      <Typography sx={{ fontSize: '0.9em', fontWeight: 600 }}>{co.razonSocial}</Typography>
      <Typography sx={{ fontSize: '0.85em' }}>RFC: {co.rfc}</Typography>
      <Typography sx={{ fontSize: '0.85em' }}>{co.direccion}</Typography>
      {(phones || co.whatsapp) && (
        <Typography sx={{ fontSize: '0.85em' }}>
          {[phones && `Tel. ${phones}`, co.whatsapp && `WhatsApp ${co.whatsapp}`].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The AirLink receipt (docs/business-rules.md "Receipts"): company, receipt number, customer, period, amount in
 * figures and words, place and reference, reconnection, invoice and abono marks, the credit balance
 * after the payment when there is one (or it is an abono: a partial payment has no period), cashier, the portal's
 * address while customers can pay online, the company's legend and a QR code with the receipt's address. One
 * content, two papers.
 */
export function ReceiptDocument({ receipt: r, company, format, qr, url }: ReceiptDocumentProps) {
  const ticket = format === 'ticket';
  const address = receiptAddress(r);
  const rule = { borderTop: '1px dashed #777', my: ticket ? 1 : 0 } as const;

  const heading = (
    <Box sx={{ textAlign: ticket ? 'center' : 'right' }}>
      <Typography component="h1" sx={{ fontSize: '1.25em', fontWeight: 800, letterSpacing: 0.5 }}>
        RECIBO DE PAGO
      </Typography>
      <Typography sx={{ fontSize: '1.15em', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {receiptNumber(r.id)}
      </Typography>
      <Typography sx={{ fontSize: '0.9em' }}>
        <time dateTime={r.fechaPago}>{formatDateTime(r.fechaPago)}</time>
      </Typography>
    </Box>
  );

  const customer = (
    <Stack spacing={0.75}>
      <Field label="Cliente">{r.nombre}</Field>
      <Field label="Id del cliente" mono>
        {r.idcliente}
      </Field>
      <Field label="Domicilio">{address || '—'}</Field>
    </Stack>
  );

  const payment = (
    <Stack spacing={0.75}>
      <Field label="Periodo">{receiptPeriodText(r)}</Field>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Field label="Lugar de pago">{r.cuenta}</Field>
        <Field label="Referencia">{r.referencia || '—'}</Field>
      </Box>
      <Stack direction="row" spacing={2} sx={{ fontSize: '0.9em' }}>
        <Mark checked={r.reconexion} label="Reconexión" />
        <Mark checked={r.facturar} label="Factura" />
        <Mark checked={r.abono} label="Abono" />
      </Stack>
      {(r.abono || r.saldoAFavor > 0) && <Field label="Saldo a favor">{formatMoney(r.saldoAFavor)}</Field>}
      {r.nota && <Field label="Nota">{r.nota}</Field>}
    </Stack>
  );

  const amount = (
    <Box
      sx={{
        border: '1.5px solid #111',
        borderRadius: '1.5mm',
        p: ticket ? 1 : 1.5,
        textAlign: 'center',
        breakInside: 'avoid',
      }}
    >
      <Typography sx={{ fontSize: '0.8em', textTransform: 'uppercase', letterSpacing: 0.5, color: '#555' }}>
        Total pagado
      </Typography>
      <Typography
        aria-label="Monto"
        sx={{
          fontSize: ticket ? '1.9em' : '2.3em',
          fontWeight: 800,
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1.15,
        }}
      >
        {formatMoney(r.monto)}
      </Typography>
      <Typography sx={{ fontSize: '0.85em', fontWeight: 600 }}>({r.montoLetra})</Typography>
      {r.montoContrato > 0 && (
        <Typography sx={{ fontSize: '0.78em', color: '#555', mt: 0.25 }}>
          Mensualidad {formatMoney(r.montoContrato)}
        </Typography>
      )}
    </Box>
  );

  const qrImage = (
    <Box sx={{ textAlign: 'center', breakInside: 'avoid' }}>
      {qr ? (
        <Box
          component="img"
          src={qr}
          alt="Código QR del recibo"
          sx={{
            width: ticket ? '30mm' : '30mm',
            height: ticket ? '30mm' : '30mm',
            imageRendering: 'pixelated',
            display: 'block',
            mx: 'auto',
          }}
        />
      ) : (
        <Box sx={{ width: '30mm', height: '30mm', mx: 'auto', bgcolor: '#f3f5f9' }} aria-hidden />
      )}
      <Typography sx={{ fontSize: '0.7em', color: '#555', overflowWrap: 'anywhere', mt: 0.5 }}>{url}</Typography>
    </Box>
  );

  const cashier = (
    <Typography sx={{ fontSize: '0.85em' }}>
      Atendió: <strong>{r.cajero ?? '—'}</strong>
    </Typography>
  );

  const portal = r.urlPortal ? (
    <Typography sx={{ fontSize: '0.9em', textAlign: 'center', overflowWrap: 'anywhere' }}>
      Paga en línea: <strong>{r.urlPortal}</strong>
    </Typography>
  ) : null;

  const legend = company.leyendaRecibo ? (
    <Typography sx={{ fontSize: '0.85em', textAlign: 'center', fontStyle: 'italic', whiteSpace: 'pre-line' }}>
      {company.leyendaRecibo}
    </Typography>
  ) : null;

  if (ticket) {
    return (
      <Box component="article" aria-label="Recibo" sx={{ fontSize: '8.5pt', lineHeight: 1.3, '& p': { m: 0 } }}>
        <CompanyBlock company={company} centered />
        <Box sx={rule} />
        {heading}
        <Box sx={rule} />
        {customer}
        <Box sx={rule} />
        {payment}
        <Box sx={{ my: 1 }}>{amount}</Box>
        {cashier}
        <Box sx={{ my: 1 }}>{qrImage}</Box>
        {portal && <Box sx={{ mb: 1 }}>{portal}</Box>}
        {legend}
      </Box>
    );
  }

  return (
    <Box component="article" aria-label="Recibo" sx={{ fontSize: '10pt', lineHeight: 1.3, '& p': { m: 0 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', borderBottom: '2px solid #1546a0', pb: 1 }}
      >
        <CompanyBlock company={company} centered={false} />
        <Box sx={{ flexShrink: 0 }}>{heading}</Box>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1.35fr 1fr', gap: 2.5, mt: 1.5 }}>
        <Stack spacing={1.25}>
          {customer}
          <Box sx={rule} />
          {payment}
        </Stack>
        <Stack spacing={1.25}>
          {amount}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ flexShrink: 0, width: '30mm' }}>{qrImage}</Box>
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              {cashier}
              <Box sx={{ borderTop: '1px solid #111', pt: 0.5, mt: 4, fontSize: '0.8em', textAlign: 'center' }}>
                Firma y sello
              </Box>
            </Stack>
          </Stack>
        </Stack>
      </Box>
      {(portal || legend) && (
        <Stack spacing={0.5} sx={{ mt: 1.5, pt: 1, borderTop: '1px dashed #777' }}>
          {portal}
          {legend}
        </Stack>
      )}
    </Box>
  );
}
