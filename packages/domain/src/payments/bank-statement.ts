import { isValidIsoDate } from '../customers/business-days';
import { toCentavos, toPesos } from './amount';

/** Which statement column holds each field (chosen by the person importing, after a preview). */
export interface StatementMapping {
  fecha: string;
  monto: string;
  referencia: string;
  descripcion?: string | null;
}

export interface StatementRow {
  fechaRealizacion: string;
  monto: number;
  referencia: string;
  descripcion: string;
}

export type RowResult =
  { kind: 'ok'; row: StatementRow } | { kind: 'skip'; reason: string } | { kind: 'error'; errors: string[] };

const MONTHS: Record<string, number> = {
  ene: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  sep: 9,
  set: 9,
  oct: 10,
  nov: 11,
  dic: 12,
  jan: 1,
  apr: 4,
  aug: 8,
  dec: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A statement date as 'YYYY-MM-DD', or null. Accepts 2026-11-21, 21/11/2026, 21-11-2026, 21.11.2026,
 * 21/11/26 (day first, as Mexican banks write it) and 21-nov-2026 / 21 NOV 2026 (Spanish or English
 * month abbreviations). A time after the date is ignored.
 */
export function normalizeStatementDate(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().toLowerCase();
  if (!text) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t].*)?$/.exec(text);
  let y: number, mo: number, d: number;
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text))) {
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{1,2})[\s/.-]+([a-zé]{3})[a-zé]*\.?[\s/.-]+(\d{2}|\d{4})(?:\s.*)?$/.exec(text))) {
    const month = MONTHS[m[2]!];
    if (!month) return null;
    [d, mo, y] = [Number(m[1]), month, Number(m[3])];
  } else {
    return null;
  }
  if (y < 100) y += 2000;
  const iso = `${y}-${pad(mo)}-${pad(d)}`;
  return isValidIsoDate(iso) ? iso : null;
}

/**
 * A statement amount in pesos, or null when it is not a number. Accepts '$1,234.50', '1234.5',
 * ' 1 234.50 ', '(1,234.50)' and '-1,234.50' (negative), 'MXN 300'. Commas are thousands separators.
 */
export function normalizeStatementAmount(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? toPesos(toCentavos(raw)) : null;
  let text = (raw ?? '').trim();
  if (!text) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/mxn|\$|\s/gi, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text)) return null;
  const value = toPesos(toCentavos(Number(text.replace(/,/g, ''))));
  return negative ? -value : value;
}

/** References compare without regard to case or spacing: trimmed, single spaces, upper case. */
export function normalizeReference(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The unique key of a movement (account, date, amount, reference): a re-import adds nothing twice. */
export function movementImportKey(
  idCuenta: number,
  row: Pick<StatementRow, 'fechaRealizacion' | 'monto' | 'referencia'>,
): string {
  return `${idCuenta}|${row.fechaRealizacion}|${toCentavos(row.monto)}|${normalizeReference(row.referencia)}`;
}

/**
 * One statement row through the mapping. Rows without an amount (a withdrawal column left empty) are
 * skipped; rows with a bad date, amount or reference are errors with Spanish messages.
 */
export function normalizeStatementRow(raw: Record<string, string | undefined>, mapping: StatementMapping): RowResult {
  const cell = (col: string | null | undefined) => (col ? (raw[col] ?? '').trim() : '');
  const amountText = cell(mapping.monto);
  if (amountText === '') return { kind: 'skip', reason: 'Sin monto (no es un depósito)' };
  const errors: string[] = [];
  const fecha = normalizeStatementDate(cell(mapping.fecha));
  if (!fecha) errors.push(`Fecha inválida: "${cell(mapping.fecha)}"`);
  const monto = normalizeStatementAmount(amountText);
  if (monto === null) errors.push(`Monto inválido: "${amountText}"`);
  else if (monto <= 0) return { kind: 'skip', reason: 'Cargo o monto en cero (no es un depósito)' };
  const referencia = normalizeReference(cell(mapping.referencia));
  if (!referencia) errors.push('Falta la referencia');
  else if (referencia.length > 120) errors.push('La referencia tiene más de 120 caracteres');
  if (errors.length > 0 || !fecha || monto === null) return { kind: 'error', errors };
  return {
    kind: 'ok',
    row: { fechaRealizacion: fecha, monto, referencia, descripcion: cell(mapping.descripcion).slice(0, 300) },
  };
}
