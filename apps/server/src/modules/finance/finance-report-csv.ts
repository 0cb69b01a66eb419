import { ACCOUNT_GROUP_LABELS, type FinanceReport } from '@airlink/domain';

/** Excel opens a UTF-8 CSV with accents correctly only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/** A cell: text (quoted when needed, formulas neutralised), an amount in pesos (two decimals, dot) or a count. */
type Cell = string | { pesos: number } | { count: number };

/**
 * A text cell as RFC 4180 wants it. A spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return) as a formula: such text gets a leading apostrophe so it stays text.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(value: Cell): string {
  if (typeof value === 'string') return csvText(value);
  if ('pesos' in value) return value.pesos.toFixed(2);
  return String(value.count);
}

const money = (pesos: number): Cell => ({ pesos });
const count = (n: number): Cell => ({ count: n });

/**
 * The Finanzas report as CSV (comma separated, CRLF, UTF-8 with BOM): a title, then sections for days,
 * accounts, expense categories, adjustments and totals, each with its Spanish headers.
 */
export function financeReportCsv(r: FinanceReport): string {
  const lines: Cell[][] = [];
  const section = (title: string, header: string[], rows: Cell[][]) => {
    lines.push([], [title], header, ...rows);
  };
  lines.push(['Reporte de finanzas AirLink'], ['Desde', r.desde], ['Hasta', r.hasta]);
  section(
    'Ingresos por día',
    ['Fecha', 'Efectivo Tizayuca', 'Efectivo Pachuca', 'Banco', 'Total'],
    r.ingresosPorDia.map((d) => [d.fecha, money(d.tizayuca), money(d.pachuca), money(d.banco), money(d.total)]),
  );
  section(
    'Ingresos por cuenta',
    ['Cuenta', 'Grupo', 'Pagos', 'Monto'],
    r.ingresosPorCuenta.map((a) => [a.cuenta, ACCOUNT_GROUP_LABELS[a.grupo], count(a.cantidadPagos), money(a.monto)]),
  );
  section(
    'Gastos por categoría',
    ['Categoría', 'Gastos', 'Monto'],
    r.gastosPorCategoria.map((g) => [g.categoria, count(g.cantidad), money(g.monto)]),
  );
  section(
    'Ajustes (no son ingreso)',
    ['Cuenta', 'Pagos', 'Monto'],
    r.ajustes.porCuenta.map((a) => [a.cuenta, count(a.cantidadPagos), money(a.monto)]),
  );
  section(
    'Totales',
    ['Concepto', 'Monto'],
    [
      ['Ingresos Efectivo Tizayuca', money(r.ingresos.tizayuca)],
      ['Ingresos Efectivo Pachuca', money(r.ingresos.pachuca)],
      ['Ingresos Banco', money(r.ingresos.banco)],
      ['Total de ingresos', money(r.ingresos.total)],
      ['Pagos recibidos', count(r.ingresos.cantidadPagos)],
      ['Total de gastos', money(r.totalGastos)],
      ['Resultado neto', money(r.resultadoNeto)],
      ['Ajustes', money(r.ajustes.monto)],
    ],
  );
  return CSV_BOM + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
