import { daysBetween, type AccountGroup } from '@airlink/domain';
import { and, asc, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { prepareSql } from '../../db/prepared';
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

/** Calendar months from the month of `from` to the month of `to` (0 when they are the same month). */
function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/** Sums of numeric come back as text: whole centavos, exact. */
const centavos = (expr: SQL) => sql<number>`round(COALESCE(${expr}, 0) * 100)::bigint`.mapWith(Number);

/**
 * `incomeBuckets`' statement for a unit, its values placeholders: first (the first bucket's first date), desde, hasta,
 * tz, lastBucket (the number of buckets less one) and, with `byGroup`, groups (an array of account groups).
 */
function incomeBucketsSql(unit: 'day' | 'month', byGroup: boolean): SQL {
  const ph = sql.placeholder;
  // Local (zone-less) timestamps: calendar arithmetic only; the first bucket starts on desde, the last ends after hasta.
  const first = sql`${ph('first')}::date::timestamp`;
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`;
  const label = unit === 'day' ? sql`'YYYY-MM-DD'` : sql`'YYYY-MM'`;
  const from = sql`${ph('desde')}::date::timestamp`;
  const to = sql`(${ph('hasta')}::date + 1)::timestamp`;
  return sql`
    SELECT p.id_cuenta AS "idCuenta", ${cuentas.grupo} AS grupo, b.bucket, p.n::int AS "cantidadPagos",
           round(p.total * 100)::bigint AS centavos
    FROM (
      SELECT to_char(s.start, ${label}) AS bucket,
             greatest(s.start, ${from}) AT TIME ZONE ${ph('tz')}::text AS lo,
             least(s.start + ${step}, ${to}) AT TIME ZONE ${ph('tz')}::text AS hi
      FROM generate_series(0, ${ph('lastBucket')}::int) AS i
      CROSS JOIN LATERAL (SELECT ${first} + i * ${step} AS start) s
    ) b
    CROSS JOIN LATERAL (
      SELECT ${pagos.idCuenta} AS id_cuenta, count(*) AS n, sum(${pagos.monto}) AS total
      FROM ${pagos}
      WHERE ${pagos.fechaPago} >= b.lo AND ${pagos.fechaPago} < b.hi
      GROUP BY ${pagos.idCuenta}
    ) p
    JOIN ${cuentas} ON ${cuentas.id} = p.id_cuenta
    ${byGroup ? sql`WHERE ${cuentas.grupo} = ANY(${ph('groups')}::text[])` : sql``}
  `;
}

/** The only SQL of the financial summaries, the overdue list and the finance report. */
export class FinanceRepository {
  constructor(private readonly db: Db) {}

  /** Statements built once (db/prepared.ts): the report and the summary ask for them on every load. */
  private readonly prepared = new Map<string, PgPreparedQuery<PreparedQueryConfig>>();
  private statement(name: string, build: () => PgPreparedQuery<PreparedQueryConfig>) {
    let s = this.prepared.get(name);
    if (!s) {
      s = build();
      this.prepared.set(name, s);
    }
    return s;
  }

  /** The accounts with Administración's names, in its order (`orden`, then id), as the report lists them. */
  async accounts(): Promise<AccountRow[]> {
    const rows = await this.statement('finance_accounts', () =>
      this.db
        .select({ id: cuentas.id, nombre: cuentas.nombre, grupo: cuentas.grupo })
        .from(cuentas)
        .orderBy(asc(cuentas.orden), asc(cuentas.id))
        .prepare('finance_accounts'),
    ).execute();
    return rows as AccountRow[];
  }

  /**
   * Payments per account and business date (or month) between two business dates, inclusive; each payment falls
   * in the date it has in `tz`. Converting every payment's instant to local time costs more than reading it, so
   * the zone arithmetic is done on the bucket edges instead: each bucket is the instants from the start of its
   * first date to the start of the date after its last (local midnights in `tz`), and the payments of each
   * bucket are one range of the covering index pagos_fecha_cover_idx, grouped by account. The buckets come from an
   * integer generate_series (its row estimate stays exact; a timestamp series is guessed at 1,000 rows and
   * makes PostgreSQL start JIT). One statement per unit, with or without a group filter, built once.
   */
  async incomeBuckets(
    desde: string,
    hasta: string,
    tz: string,
    unit: 'day' | 'month',
    groups?: AccountGroup[],
  ): Promise<IncomeBucket[]> {
    const buckets = unit === 'day' ? daysBetween(desde, hasta) + 1 : monthsBetween(desde, hasta) + 1;
    if (buckets <= 0) return [];
    const name = `finance_income_${unit}${groups ? '_groups' : ''}`;
    const statement = this.statement(name, () =>
      prepareSql(this.db, name, incomeBucketsSql(unit, groups !== undefined)),
    );
    const result = (await statement.execute({
      first: unit === 'day' ? desde : `${desde.slice(0, 7)}-01`,
      desde,
      hasta,
      tz,
      lastBucket: buckets - 1,
      groups: groups ?? [],
    })) as unknown as {
      rows: Array<Omit<IncomeBucket, 'grupo' | 'centavos'> & { grupo: string; centavos: string | number | bigint }>;
    };
    return result.rows.map((r) => ({ ...r, grupo: r.grupo as AccountGroup, centavos: Number(r.centavos) }));
  }

  /** Expenses paid between two dates (fechaRealizacion, inclusive) per category; only real expenses (esGasto). */
  async expensesByCategory(desde: string, hasta: string) {
    const ph = sql.placeholder;
    return this.statement('finance_expenses_by_category', () =>
      this.db
        .select({
          idGasto: gastos.idGasto,
          categoria: categoriasGasto.nombre,
          cantidad: count(),
          centavos: centavos(sql`sum(${gastos.monto})`),
        })
        .from(gastos)
        .innerJoin(categoriasGasto, eq(categoriasGasto.id, gastos.idGasto))
        .where(
          and(
            eq(gastos.esGasto, true),
            gte(gastos.fechaRealizacion, sql`${ph('desde')}`),
            lte(gastos.fechaRealizacion, sql`${ph('hasta')}`),
          ),
        )
        .groupBy(gastos.idGasto, categoriasGasto.nombre)
        .prepare('finance_expenses_by_category'),
    ).execute({ desde, hasta }) as Promise<
      Array<{ idGasto: number; categoria: string; cantidad: number; centavos: number }>
    >;
  }

  /**
   * Active contracts paid until `lastPaidUntil` or earlier, most late first, with their latest payment
   * (LATERAL on pagos_contrato_idx) — one page and the total. The latest payment is the latest that paid
   * a period: an abono that completed no month has none (its empty period would start after paid-until).
   */
  async dueContracts(lastPaidUntil: string, page: Page): Promise<{ rows: DueContractRow[]; total: number }> {
    const where = and(eq(contratos.activo, true), lte(contratos.pagadoHasta, lastPaidUntil));
    const latest = this.db
      .select({ id: pagos.id, fechaInicio: pagos.fechaInicio, nota: pagos.nota, createdAt: pagos.createdAt })
      .from(pagos)
      .where(and(eq(pagos.contratoId, contratos.id), gt(pagos.mesesCubiertos, 0)))
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
    return {
      rows: rows.map(({ contrato, ...r }) => ({ ...r, nombre: contrato.nombre, idcliente: displayIdOf(contrato) })),
      total,
    };
  }
}
