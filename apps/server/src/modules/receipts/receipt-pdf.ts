import {
  formatDateTime,
  formatMoney,
  receiptAddress,
  receiptNumber,
  receiptPeriodText,
  type Company,
  type ReceiptDetail,
} from '@airlink/domain';
import { textPdf, type PdfLine, type PdfRule } from '../../lib/pdf';

/** Half a letter sheet, landscape (as the printed receipt): 612 x 396 points. */
const PAGE = { width: 612, height: 396 };
const LEFT = 36;
const RIGHT = PAGE.width - 36;

/**
 * The receipt as a PDF (sent by WhatsApp or downloaded): the same content as the printed receipt — company,
 * number and date, customer, period, amount in figures and words, place and reference, marks, credit balance,
 * cashier, the portal's address while customers can pay online and the company's legend.
 */
export function receiptPdf(r: ReceiptDetail, company: Company, tz: string): Buffer {
  const lines: PdfLine[] = [];
  const rules: PdfRule[] = [];
  const add = (text: string, x: number, y: number, opts: Partial<PdfLine> = {}) => lines.push({ text, x, y, ...opts });

  add(company.nombreComercial || 'AirLink', LEFT, 42, { size: 18, bold: true });
  add(company.razonSocial, LEFT, 58, { size: 9 });
  if (company.rfc) add(`RFC: ${company.rfc}`, LEFT, 70, { size: 9 });
  add(company.direccion, LEFT, 82, { size: 9 });
  if (company.telefonos.length) add(`Tel. ${company.telefonos.join(' / ')}`, LEFT, 94, { size: 9 });
  add('RECIBO DE PAGO', RIGHT, 42, { size: 14, bold: true, alignRight: true });
  add(receiptNumber(r.id), RIGHT, 60, { size: 13, bold: true, alignRight: true });
  add(formatDateTime(r.fechaPago, tz), RIGHT, 74, { size: 9, alignRight: true });
  rules.push({ x1: LEFT, x2: RIGHT, y: 104 });

  let y = 124;
  const field = (label: string, value: string) => {
    add(label, LEFT, y, { size: 8, bold: true });
    add(value || '—', LEFT + 92, y, { size: 10 });
    y += 16;
  };
  field('Cliente', r.nombre);
  field('Id del cliente', r.idcliente);
  field('Domicilio', receiptAddress(r));
  field('Periodo', receiptPeriodText(r));
  field('Lugar de pago', r.cuenta);
  field('Referencia', r.referencia);
  const marks = [r.reconexion && 'Reconexión', r.facturar && 'Factura', r.abono && 'Abono'].filter(Boolean).join(' · ');
  if (marks) field('Marcas', marks);
  if (r.abono || r.saldoAFavor > 0) field('Saldo a favor', formatMoney(r.saldoAFavor));
  if (r.nota) field('Nota', r.nota);

  add('TOTAL PAGADO', RIGHT, 124, { size: 8, bold: true, alignRight: true });
  add(formatMoney(r.monto), RIGHT, 146, { size: 20, bold: true, alignRight: true });
  add(`(${r.montoLetra})`, RIGHT, 162, { size: 8, alignRight: true });

  rules.push({ x1: LEFT, x2: RIGHT, y: Math.max(y, 180) + 4 });
  y = Math.max(y, 180) + 22;
  add(`Atendió: ${r.cajero ?? '—'}`, LEFT, y, { size: 9 });
  if (r.urlPortal) {
    y += 13;
    add(`Paga en línea: ${r.urlPortal}`, LEFT, y, { size: 9, bold: true });
  }
  for (const legend of company.leyendaRecibo.split('\n').filter(Boolean).slice(0, 3)) {
    y += 13;
    add(legend, LEFT, y, { size: 8 });
  }
  return textPdf(lines, rules, PAGE, `Recibo ${receiptNumber(r.id)}`);
}
