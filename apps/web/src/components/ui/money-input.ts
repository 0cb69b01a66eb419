/** Result of reading what a person typed into a pesos field. */
export type MoneyParse = { ok: true; value: number | null } | { ok: false; error: string };

const PLAIN = /^\d*(\.\d*)?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads '1,234.50', '1234.5', '$ 1 234' or '' (null). Commas only group thousands (es-MX);
 * negative amounts and more than two decimals are refused with a Spanish message.
 */
export function parseMoneyInput(text: string): MoneyParse {
  const t = text.replace(/[\s$]/g, '');
  if (t === '') return { ok: true, value: null };
  if (t.startsWith('-')) return { ok: false, error: 'El monto no puede ser negativo' };
  if (t === '.' || !(PLAIN.test(t) || GROUPED.test(t))) {
    return { ok: false, error: 'Monto inválido: usa solo números y punto decimal (ej. 1,234.50)' };
  }
  const decimals = t.split('.')[1] ?? '';
  if (decimals.length > 2) return { ok: false, error: 'Máximo 2 decimales' };
  const value = Number(t.replace(/,/g, ''));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: 'Monto inválido' };
}

const grouped = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → '1,234.50' (no currency sign: the field shows it as an adornment). */
export function formatMoneyInput(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : grouped.format(value);
}
