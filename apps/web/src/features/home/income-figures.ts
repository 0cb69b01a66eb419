import { addDays, type FinancialRow } from '@airlink/domain';

export interface IncomeTotal {
  monto: number;
  cantidadPagos: number;
}

/** What an income card shows: today, yesterday and the month so far. */
export interface IncomeFigures {
  today: IncomeTotal;
  yesterday: IncomeTotal;
  monthToDate: IncomeTotal;
}

const ZERO: IncomeTotal = { monto: 0, cantidadPagos: 0 };

function sum(rows: readonly FinancialRow[]): IncomeTotal {
  // Centavos, so that adding many amounts never drifts by a cent.
  const centavos = rows.reduce((acc, r) => acc + Math.round(r.monto * 100), 0);
  return { monto: centavos / 100, cantidadPagos: rows.reduce((acc, r) => acc + r.cantidadPagos, 0) };
}

/**
 * The figures of a card from the daily rows of one place (EfectivoTizayuca…), which hold only the
 * days with payments: today is the row whose `fecha` is today's business date, else $0.00 with 0
 * payments (never the newest row of an earlier day).
 */
export function incomeFigures(rows: readonly FinancialRow[] | undefined, today: string): IncomeFigures {
  const list = rows ?? [];
  const yesterday = addDays(today, -1);
  const month = today.slice(0, 7);
  const row = (day: string) => list.find((r) => r.fecha === day);
  const todayRow = row(today);
  const yesterdayRow = row(yesterday);
  return {
    today: todayRow ? { monto: todayRow.monto, cantidadPagos: todayRow.cantidadPagos } : ZERO,
    yesterday: yesterdayRow ? { monto: yesterdayRow.monto, cantidadPagos: yesterdayRow.cantidadPagos } : ZERO,
    monthToDate: sum(list.filter((r) => r.fecha.length === 10 && r.fecha.startsWith(month) && r.fecha <= today)),
  };
}
