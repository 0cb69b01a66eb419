/**
 * The monthly global invoice to the 'público en general' (docs/invoicing.md "Global invoice"): the payments of a
 * month that have no invoice of their own, one line each, issued on the first day of the next month.
 */
import { addDays, isBusinessDay, type BusinessCalendar } from '../customers/business-days';
import { FORMAS_PAGO, type FormaPago } from './catalogs';
import { RFC_PUBLICO_EN_GENERAL } from './rfc';

export const PUBLICO_EN_GENERAL = {
  rfc: RFC_PUBLICO_EN_GENERAL,
  razonSocial: 'PUBLICO EN GENERAL',
  regimenFiscal: '616',
  usoCfdi: 'S01',
} as const;

export const GLOBAL_CLAVE_PRODUCTO = '01010101';
export const GLOBAL_CLAVE_UNIDAD = 'ACT';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isInvoicePeriod(periodo: string): boolean {
  const m = PERIOD.exec(periodo);
  return Boolean(m && Number(m[1]) >= 2000 && Number(m[1]) <= 2099);
}

/** 'YYYY-MM' → its first and last day. */
export function periodRange(periodo: string): { desde: string; hasta: string } {
  const m = PERIOD.exec(periodo);
  if (!m) throw new RangeError(`Periodo inválido: ${periodo}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { desde: `${m[1]}-${m[2]}-01`, hasta: `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` };
}

/** The CFDI's InformacionGlobal of a month: periodicity 'month', its two-digit month and year. */
export function globalInformation(periodo: string): { periodicity: 'month'; months: string; year: number } {
  const [year, month] = periodo.split('-');
  return { periodicity: 'month', months: month!, year: Number(year) };
}

/** The month before the one `date` ('YYYY-MM-DD') falls in, as 'YYYY-MM'. */
export function previousPeriod(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The day the global invoice of `periodo` is issued: the first business day of the next month (the scheduled job
 * runs then; staff may issue it by hand any time after the month closes).
 */
export function globalInvoiceDay(periodo: string, calendar?: BusinessCalendar): string {
  let day = addDays(periodRange(periodo).hasta, 1);
  while (!isBusinessDay(day, calendar)) day = addDays(day, 1);
  return day;
}

/**
 * A global CFDI has one payment form: the one with which the largest amount was received (the SAT's filling
 * guide); ties go to cash.
 */
export function predominantPaymentForm(payments: readonly { formaPago: FormaPago; monto: number }[]): FormaPago {
  const byForm = new Map<FormaPago, number>();
  for (const p of payments) byForm.set(p.formaPago, (byForm.get(p.formaPago) ?? 0) + p.monto);
  let best: FormaPago = '01';
  let bestAmount = -1;
  for (const form of Object.keys(FORMAS_PAGO) as FormaPago[]) {
    const amount = byForm.get(form) ?? -1;
    if (amount > bestAmount) {
      best = form;
      bestAmount = amount;
    }
  }
  return best;
}
