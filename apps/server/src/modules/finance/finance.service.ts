import {
  addDays,
  businessDate,
  CASH_GROUPS,
  datesFrom,
  INCOME_GROUPS,
  isIncomeGroup,
  lastPaidUntilPastCutoff,
  latenessOf,
  monthStart,
  toPesos,
  type AccountGroup,
  type DueContractItem,
  type FinanceReport,
  type FinanceReportQuery,
  type FinancialData,
  type FinancialRow,
  type IncomeGroup,
  type Paged,
} from '@airlink/domain';
import type { Page } from '../../db/paging';
import { financeReportCsv } from './finance-report-csv';
import type { SettingsService } from '../settings/settings.service';
import type { FinanceRepository, IncomeBucket } from './finance.repository';

/** Daily rows of the home summaries: today and the 30 business dates before it. */
export const SUMMARY_DAYS = 31;
/** Monthly totals of the home summaries: this month and the 11 before it. */
export const SUMMARY_MONTHS = 12;

export interface FinanceServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"). */
  now?: () => Date;
}

/** Buckets of one group as rows, newest first (only days or months with payments). */
function rowsOf(buckets: IncomeBucket[], keep: (g: AccountGroup) => boolean): FinancialRow[] {
  const byBucket = new Map<string, { cantidadPagos: number; centavos: number }>();
  for (const b of buckets) {
    if (!keep(b.grupo)) continue;
    const row = byBucket.get(b.bucket) ?? { cantidadPagos: 0, centavos: 0 };
    row.cantidadPagos += b.cantidadPagos;
    row.centavos += b.centavos;
    byBucket.set(b.bucket, row);
  }
  return [...byBucket.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([fecha, r]) => ({ fecha, cantidadPagos: r.cantidadPagos, monto: toPesos(r.centavos) }));
}

/** Home dashboard summaries, the overdue services list and the Finanzas report. */
export class FinanceService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: FinanceRepository,
    private readonly settings: Pick<SettingsService, 'calendar'>,
    private readonly opts: FinanceServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  /**
   * GET /api/WeatherForecast/financial: income per cash office and bank per business date (the last 31
   * dates, newest first; dates without payments are absent) and income per month (the last 12 months,
   * newest first). Adjustment accounts are not income.
   */
  async financial(): Promise<FinancialData> {
    const today = this.today();
    const tz = this.opts.businessTz;
    const [days, months] = await Promise.all([
      this.repo.incomeBuckets(addDays(today, -(SUMMARY_DAYS - 1)), today, tz, 'day', [...INCOME_GROUPS]),
      this.repo.incomeBuckets(monthStart(today, SUMMARY_MONTHS - 1), today, tz, 'month', [...INCOME_GROUPS]),
    ]);
    return {
      EfectivoTizayuca: rowsOf(days, (g) => g === 'tizayuca'),
      EfectivoPachuca: rowsOf(days, (g) => g === 'pachuca'),
      IngresoBanco: rowsOf(days, (g) => g === 'banco'),
      PagosMensualTotales: rowsOf(months, isIncomeGroup),
    };
  }

  /** GET /api/WeatherForecast/financial/pagosTizayuca: only the two cash offices (the user view of Home). */
  async cashOffices(): Promise<Pick<FinancialData, 'EfectivoTizayuca' | 'EfectivoPachuca'>> {
    const today = this.today();
    const days = await this.repo.incomeBuckets(
      addDays(today, -(SUMMARY_DAYS - 1)),
      today,
      this.opts.businessTz,
      'day',
      [...CASH_GROUPS],
    );
    return {
      EfectivoTizayuca: rowsOf(days, (g) => g === 'tizayuca'),
      EfectivoPachuca: rowsOf(days, (g) => g === 'pachuca'),
    };
  }

  /**
   * Active contracts whose cut-off date (paid-until + 3 business days) is before today, most late first.
   * The cut-off date grows with paid-until, so "cut-off before today" is exactly "paid-until on or before
   * the last date whose cut-off is before today": the domain finds that date and SQL pages exactly.
   */
  async dueContracts(page: Page): Promise<Paged<DueContractItem>> {
    const today = this.today();
    const calendar = await this.settings.calendar();
    const lastPaidUntil = lastPaidUntilPastCutoff(today, calendar);
    const { rows, total } = await this.repo.dueContracts(lastPaidUntil, page);
    return {
      items: rows.map((r) => {
        const late = latenessOf(r.pagadoHasta, today, calendar);
        return {
          id: r.pagoId ?? 0,
          fechaInicio: r.pagoFechaInicio,
          fechaFinalizacion: r.pagadoHasta,
          clienteId: r.id,
          monto: r.monto,
          nota: r.pagoNota ?? '',
          fechaCreacion: r.pagoCreadoEn?.toISOString() ?? null,
          nombreCliente: r.nombre,
          idcliente: r.idcliente,
          telefono: r.telefono,
          comunidad: r.comunidad,
          cortado: r.cortado,
          diasRetraso: late.diasRetraso,
          mesesRetraso: late.mesesRetraso,
          fechaCorte: late.fechaCorte,
        };
      }),
      total,
    };
  }

  /** The Finanzas report of a range of business dates (inclusive). */
  async report({ desde, hasta }: FinanceReportQuery): Promise<FinanceReport> {
    const [accounts, buckets, expenses] = await Promise.all([
      this.repo.accounts(),
      this.repo.incomeBuckets(desde, hasta, this.opts.businessTz, 'day'),
      this.repo.expensesByCategory(desde, hasta),
    ]);
    const zero = () => ({ tizayuca: 0, pachuca: 0, banco: 0 });
    const perDay = new Map<string, Record<IncomeGroup, number>>();
    for (const day of datesFrom(desde, hasta)) perDay.set(day, zero());
    const perAccount = new Map<number, { centavos: number; cantidadPagos: number }>();
    const totals = zero();
    let cantidadPagos = 0;
    let adjustmentCentavos = 0;
    for (const b of buckets) {
      const acc = perAccount.get(b.idCuenta) ?? { centavos: 0, cantidadPagos: 0 };
      acc.centavos += b.centavos;
      acc.cantidadPagos += b.cantidadPagos;
      perAccount.set(b.idCuenta, acc);
      if (!isIncomeGroup(b.grupo)) {
        adjustmentCentavos += b.centavos;
        continue;
      }
      const day = perDay.get(b.bucket);
      if (day) day[b.grupo] += b.centavos;
      totals[b.grupo] += b.centavos;
      cantidadPagos += b.cantidadPagos;
    }
    const order = (g: AccountGroup) => (isIncomeGroup(g) ? INCOME_GROUPS.indexOf(g) : INCOME_GROUPS.length);
    // By group, then in Administración's order (the repository's; the sort is stable).
    const sortedAccounts = [...accounts].sort((a, b) => order(a.grupo) - order(b.grupo));
    const accountRow = (a: (typeof accounts)[number]) => {
      const v = perAccount.get(a.id) ?? { centavos: 0, cantidadPagos: 0 };
      return { idCuenta: a.id, cuenta: a.nombre, monto: toPesos(v.centavos), cantidadPagos: v.cantidadPagos };
    };
    const adjustments = sortedAccounts.filter((a) => !isIncomeGroup(a.grupo)).map(accountRow);
    const totalIncome = totals.tizayuca + totals.pachuca + totals.banco;
    const totalExpenses = expenses.reduce((s, e) => s + e.centavos, 0);
    return {
      desde,
      hasta,
      ingresos: {
        tizayuca: toPesos(totals.tizayuca),
        pachuca: toPesos(totals.pachuca),
        banco: toPesos(totals.banco),
        total: toPesos(totalIncome),
        cantidadPagos,
      },
      ingresosPorDia: [...perDay.entries()].map(([fecha, d]) => ({
        fecha,
        tizayuca: toPesos(d.tizayuca),
        pachuca: toPesos(d.pachuca),
        banco: toPesos(d.banco),
        total: toPesos(d.tizayuca + d.pachuca + d.banco),
      })),
      ingresosPorCuenta: sortedAccounts
        .filter((a) => isIncomeGroup(a.grupo))
        .map((a) => ({ ...accountRow(a), grupo: a.grupo })),
      gastosPorCategoria: expenses
        .map((e) => ({ idGasto: e.idGasto, categoria: e.categoria, monto: toPesos(e.centavos), cantidad: e.cantidad }))
        .sort((a, b) => b.monto - a.monto || a.categoria.localeCompare(b.categoria, 'es')),
      totalGastos: toPesos(totalExpenses),
      resultadoNeto: toPesos(totalIncome - totalExpenses),
      ajustes: {
        monto: toPesos(adjustmentCentavos),
        cantidadPagos: adjustments.reduce((s, a) => s + a.cantidadPagos, 0),
        porCuenta: adjustments,
      },
    };
  }

  /** The report as a CSV file for Excel (UTF-8 with BOM). */
  async reportCsv(query: FinanceReportQuery): Promise<{ filename: string; body: string }> {
    const report = await this.report(query);
    return { filename: `airlink-finanzas-${query.desde}-${query.hasta}.csv`, body: financeReportCsv(report) };
  }
}
