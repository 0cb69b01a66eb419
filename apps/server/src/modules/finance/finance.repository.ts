import type { AccountGroup } from '@airlink/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { paged, type Page } from '../../db/paging';
import { categoriasGasto, contratos, cuentas, gastos, pagos } from '../../db/schema';

/** Income of one account in one bucket (a business date 'YYYY-MM-DD' or a month 'YYYY-MM'). */
export interface IncomeBucket {
  idCuenta: number;
  grupo: AccountGroup;
  bucket: string;
  cantidadPagos: number;
  centavos: number;
}

export interface AccountRow {
  id: number;
  nombre: string;
  grupo: AccountGroup;
}

export interface DueContractRow {
  id: number;
  nombre: string;
  idcliente: string;
  comunidad: string;
  telefono: string;
  monto: number;
  cortado: boolean;
  pagadoHasta: string;
  pagoId: number | null;
  pagoFechaInicio: string | null;
  pagoNota: string | null;
  pagoCreadoEn: Date | null;
}

/** The instant a business date starts in the time zone `tz` (PostgreSQL does the zone arithmetic). */
function startOf(date: string, tz: string): SQL {
  return sql`(${date}::date::timestamp AT TIME ZONE ${tz}::text)`;
}

/** Sums of numeric come back as text: whole centavos, exact. */
const centavos = (expr: SQL) => sql<number>`round(COALESCE(${expr}, 0) * 100)::bigint`.mapWith(Number);

/** The only SQL of the financial summaries, the overdue list and the finance report. */
export class FinanceRepository {
  constructor(private readonly db: Db) {}

  async accounts(): Promise<AccountRow[]> {
    const rows = await this.db.select({ id: cuentas.id, nombre: cuentas.nombre, grupo: cuentas.grupo }).from(cuentas).orderBy(asc(cuentas.id));
    return rows.map((r) => ({ ...r, grupo: r.grupo as AccountGroup }));
  }

  /**
   * Payments per account and business date (or month) between two business dates, inclusive. The range is
   * turned into instants so the index on fecha_pago serves it; each payment falls in the date it has in `tz`.
   */
  async incomeBuckets(desde: string, hasta: string, tz: string, unit: 'day' | 'month', groups?: AccountGroup[]): Promise<IncomeBucket[]> {
    const local = sql`(${pagos.fechaPago} AT TIME ZONE ${tz}::text)`;
    const bucket = unit === 'day' ? sql<string>`to_char(${local}, 'YYYY-MM-DD')` : sql<string>`to_char(${local}, 'YYYY-MM')`;
    const conds: SQL[] = [
      sql`${pagos.fechaPago} >= ${startOf(desde, tz)}`,
      sql`${pagos.fechaPago} < ((${hasta}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`,
    ];
    if (groups) conds.push(inArray(cuentas.grupo, groups));
    const rows = await this.db
      .select({
        idCuenta: pagos.idCuenta,
        grupo: cuentas.grupo,
        bucket: bucket.as('bucket'),
        cantidadPagos: count(),
        centavos: centavos(sql`sum(${pagos.monto})`),
      })
      .from(pagos)
      .innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta))
      .where(and(...conds))
      // By position: the bucket expression carries the zone as a parameter, so it cannot be repeated verbatim.
      .groupBy(pagos.idCuenta, cuentas.grupo, sql`3`);
    return rows.map((r) => ({ ...r, grupo: r.grupo as AccountGroup }));
  }

  /** Expenses paid between two dates (fechaRealizacion, inclusive) per category; only real expenses (esGasto). */
  async expensesByCategory(desde: string, hasta: string) {
    return this.db
      .select({
        idGasto: gastos.idGasto,
        categoria: categoriasGasto.nombre,
        cantidad: count(),
        centavos: centavos(sql`sum(${gastos.monto})`),
      })
      .from(gastos)
      .innerJoin(categoriasGasto, eq(categoriasGasto.id, gastos.idGasto))
      .where(and(eq(gastos.esGasto, true), gte(gastos.fechaRealizacion, desde), lte(gastos.fechaRealizacion, hasta)))
      .groupBy(gastos.idGasto, categoriasGasto.nombre);
  }

  /**
   * Active contracts paid until `lastPaidUntil` or earlier, most late first, with their latest payment
   * (LATERAL on pagos_contrato_idx) — one page and the total.
   */
  async dueContracts(lastPaidUntil: string, page: Page): Promise<{ rows: DueContractRow[]; total: number }> {
    const where = and(eq(contratos.activo, true), lte(contratos.pagadoHasta, lastPaidUntil));
    const latest = this.db
      .select({ id: pagos.id, fechaInicio: pagos.fechaInicio, nota: pagos.nota, createdAt: pagos.createdAt })
      .from(pagos)
      .where(eq(pagos.contratoId, contratos.id))
      .orderBy(desc(pagos.fechaFinalizacion), desc(pagos.id))
      .limit(1)
      .as('ultimo_pago');
    const { rows, total } = await paged(
      this.db
        .select({
          id: contratos.id,
          contrato: contractDisplayColumns,
          comunidad: contratos.comunidad,
          telefono: contratos.telefono,
          monto: contratos.monto,
          cortado: contratos.cortado,
          pagadoHasta: contratos.pagadoHasta,
          pagoId: latest.id,
          pagoFechaInicio: latest.fechaInicio,
          pagoNota: latest.nota,
          pagoCreadoEn: latest.createdAt,
        })
        .from(contratos)
        .leftJoinLateral(latest, sql`true`)
        .where(where)
        .orderBy(asc(contratos.pagadoHasta), asc(contratos.id))
        .$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(contratos).where(where),
    );
    return { rows: rows.map(({ contrato, ...r }) => ({ ...r, nombre: contrato.nombre, idcliente: displayIdOf(contrato) })), total };
  }
}
