import {
  latenessOf,
  searchTextOf,
  serviceType,
  type Contract,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerPayment,
  type CustomerSearchResult,
  type BusinessCalendar,
  type Paged,
} from '@airlink/domain';
import { and, asc, count, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { airlinkFold } from '../../db/fold';
import { containsPattern, prefixPattern } from '../../db/like';
import { paged, type Page } from '../../db/paging';
import { contratos, cuentas, facturas, pagos, recibos } from '../../db/schema';

export type ContractRow = typeof contratos.$inferSelect;

/** The stored fields of a contract that POST and PUT set (everything else is managed by the use cases). */
export interface ContractValues {
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  comunidad: string;
  estado: string;
  cp: string;
  telefono: string;
  email: string;
  tipo: number;
  monto: number;
  costoInstalacion: number;
  mac: string;
  fechaContratacion: string;
  idGrupo: number;
  facturar: boolean;
  fechaAgenda: Date | null;
  /** Absent: keep the stored value (an older form that does not send the network fields). */
  routerId?: number | null;
  usuarioPppoe?: string;
  ipCliente?: string;
  /** The PPPoE password typed in the form, sealed; absent keeps the stored one. */
  passwordPppoeEnc?: string;
  /** Set by the use case when the network fields change (the router must apply them again). */
  estadoRed?: 'aplicado' | 'pendiente' | 'error' | null;
  estadoRedMensaje?: string | null;
  estadoRedFecha?: Date | null;
}

/**
 * The contract as the API returns it; lateness is computed for the business date `today`, its cut-off date
 * with the calendar of Administración.
 */
export function toContract(r: ContractRow, today: string, calendar: BusinessCalendar): Contract {
  const lateness = latenessOf(r.pagadoHasta, today, calendar);
  return {
    id: r.id,
    idcliente: displayIdOf(r),
    numeroCliente: r.id,
    nombre: r.nombre,
    calle: r.calle,
    numero: r.numero,
    colonia: r.colonia,
    comunidad: r.comunidad,
    estado: r.estado,
    cp: r.cp,
    telefono: r.telefono,
    email: r.email,
    tipo: r.tipo,
    tipoNombre: serviceType(r.tipo)?.name ?? `Tipo ${r.tipo}`,
    no: r.no,
    monto: r.monto,
    costoInstalacion: r.costoInstalacion,
    mac: r.mac,
    fechaContratacion: r.fechaContratacion,
    idGrupo: r.idGrupo,
    cortado: r.cortado,
    facturar: r.facturar,
    fechaAgenda: r.fechaAgenda?.toISOString() ?? null,
    activo: r.activo,
    fechaCancelacion: r.fechaCancelacion?.toISOString() ?? null,
    motivoCancelacion: r.motivoCancelacion,
    fechaFin: r.pagadoHasta,
    saldoAFavor: r.saldoAFavor,
    diasRetraso: lateness.diasRetraso,
    mesesRetraso: lateness.mesesRetraso,
    fechaCorte: lateness.fechaCorte,
    idRouter: r.routerId,
    usuarioPppoe: r.usuarioPppoe,
    ipCliente: r.ipCliente,
    tienePasswordPppoe: r.passwordPppoeEnc !== null,
    estadoRed: r.estadoRed,
    estadoRedMensaje: r.estadoRedMensaje,
    estadoRedFecha: r.estadoRedFecha?.toISOString() ?? null,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Folded, byte order: the same order on PGlite and on any PostgreSQL collation. */
function folded(column: AnyColumn | SQL): SQL {
  return sql`${airlinkFold(column)} COLLATE "C"`;
}

/**
 * The name folded (the stored `nombre_folded`, migration 0016) in byte order: the expression of the btree
 * contratos_nombre_folded_idx; the column alone is the one of the trigram index contratos_nombre_folded_trgm.
 */
const foldedName = sql`${contratos.nombreFolded} COLLATE "C"`;

/** A value of a list statement: the value itself, or the placeholder a reusable statement fills in. */
type Value<T> = T | ReturnType<typeof sql.placeholder>;

function daysLate(today: Value<string>): SQL<number> {
  return sql<number>`GREATEST(0, ${today}::date - ${contratos.pagadoHasta})`.mapWith(Number);
}

export interface ListFilter {
  words: string[];
  estado: CustomerListQuery['estado'];
  tipo?: number;
  comunidad?: string;
}

/** The list's conditions; `patterns` are the words' LIKE patterns (or their placeholders). */
function listWhere(
  f: { patterns: Array<Value<string>>; estado: ListFilter['estado']; tipo?: Value<number>; comunidad?: Value<string> },
  today: Value<string>,
): SQL | undefined {
  const conds: SQL[] = [];
  // Every word is a substring of search_text: the pg_trgm GIN index serves these LIKEs.
  for (const p of f.patterns) conds.push(sql`${contratos.searchText} LIKE ${p}`);
  const todayDate = sql`${today}::date`;
  switch (f.estado) {
    case 'activos':
      conds.push(sql`${contratos.activo} AND NOT ${contratos.cortado}`, gte(contratos.pagadoHasta, todayDate));
      break;
    case 'suspendidos':
      conds.push(sql`${contratos.activo} AND ${contratos.cortado}`);
      break;
    case 'retraso':
      conds.push(eq(contratos.activo, true), lt(contratos.pagadoHasta, todayDate));
      break;
    case 'sin-autorizar':
      conds.push(eq(contratos.activo, true), eq(contratos.no, 0));
      break;
    case 'cancelados':
      conds.push(eq(contratos.activo, false));
      break;
    case 'todos':
      break;
  }
  if (f.tipo !== undefined) conds.push(eq(contratos.tipo, f.tipo));
  if (f.comunidad) conds.push(sql`lower(${contratos.comunidad}) = lower(${f.comunidad})`);
  return conds.length ? and(...conds) : undefined;
}

function sortExpressions(sort: CustomerListQuery['sort'], today: Value<string>): SQL[] {
  switch (sort) {
    case 'idcliente':
      // The display id starts with the 2-digit year and the number (blank, so first, while unauthorized).
      return [sql`to_char(${contratos.fechaContratacion}, 'YY')`, sql`${contratos.no}`, foldedName];
    case 'nombre':
      return [foldedName];
    case 'comunidad':
      return [folded(contratos.comunidad), foldedName];
    case 'telefono':
      return [sql`${contratos.telefono}`];
    case 'tipo':
      return [sql`${contratos.tipo}`];
    case 'monto':
      return [sql`${contratos.monto}`];
    case 'fechaContratacion':
      return [sql`${contratos.fechaContratacion}`];
    case 'diasRetraso':
      return [daysLate(today)];
    case 'id':
      return [];
  }
}

const searchColumns = {
  id: contratos.id,
  ...contractDisplayColumns,
  comunidad: contratos.comunidad,
  telefono: contratos.telefono,
  cortado: contratos.cortado,
  activo: contratos.activo,
};
type SearchRow = { [K in keyof typeof searchColumns]: (typeof searchColumns)[K]['_']['data'] };
type SearchQueries = ReturnType<CustomersRepository['buildSearchQueries']>;
type ListStatements = ReturnType<CustomersRepository['buildList']>;

/** What a list request's statements depend on (its values go in placeholders). */
interface ListShape {
  words: number;
  estado: ListFilter['estado'];
  tipo: boolean;
  comunidad: boolean;
  sort: CustomerListQuery['sort'];
  dir: 'asc' | 'desc';
  paged: boolean;
}

function withoutSortName(rows: Array<SearchRow & { sortName: string }>): SearchRow[] {
  return rows.map(({ sortName: _, ...row }) => row);
}

const listColumns = {
  id: contratos.id,
  ...contractDisplayColumns,
  comunidad: contratos.comunidad,
  telefono: contratos.telefono,
  tipo: contratos.tipo,
  monto: contratos.monto,
  cortado: contratos.cortado,
  activo: contratos.activo,
  pagadoHasta: contratos.pagadoHasta,
};

/** The only SQL of customers and contracts. Pass the transaction when inside one. */
export class CustomersRepository {
  /** The customer panel reads a contract by id on every visit: built once, prepared once per connection. */
  private readonly contractById;
  /** The list's statements by shape (`buildList`). */
  private readonly listStatements = new Map<string, ListStatements>();
  /** The navbar search's statements by number of words (`searchQueries`). */
  private readonly searchStatements = new Map<number, SearchQueries>();

  constructor(private readonly db: Db) {
    this.contractById = db
      .select()
      .from(contratos)
      .where(eq(contratos.id, sql.placeholder('id')))
      .limit(1)
      .prepare('customers_contract_by_id');
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** The row, locked until the transaction ends when `lock` is set (concurrent changes queue up). */
  async findById(id: number, tx: Db = this.db, lock = false): Promise<ContractRow | undefined> {
    if (tx === this.db && !lock) return (await this.contractById.execute({ id }))[0];
    const q = tx.select().from(contratos).where(eq(contratos.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async list(
    filter: ListFilter,
    order: { sort: CustomerListQuery['sort']; dir: 'asc' | 'desc' },
    page: Page | null,
    today: string,
  ): Promise<Paged<CustomerListItem>> {
    const shape: ListShape = {
      words: filter.words.length,
      estado: filter.estado,
      tipo: filter.tipo !== undefined,
      comunidad: Boolean(filter.comunidad),
      sort: order.sort,
      dir: order.dir,
      paged: page !== null,
    };
    const key = Object.values(shape).join('|');
    let statements = this.listStatements.get(key);
    if (!statements) {
      statements = this.buildList(shape);
      if (shape.words <= 4) {
        if (this.listStatements.size >= 200) this.listStatements.clear();
        this.listStatements.set(key, statements);
      }
    }
    const values: Record<string, unknown> = { today, tipo: filter.tipo, comunidad: filter.comunidad };
    filter.words.forEach((w, i) => (values[`w${i}`] = containsPattern(w)));
    if (page) Object.assign(values, { limit: page.pageSize, offset: page.page * page.pageSize });
    const rows = await statements.rows.execute(values);
    // The total is counted only when the page cannot tell it (a full page, or an empty page past the first); without
    // a page (all=true) the whole filtered list is its own total.
    let total = rows.length;
    if (page) {
      total = page.page * page.pageSize + rows.length;
      if (rows.length === page.pageSize || (page.page > 0 && rows.length === 0))
        total = (await statements.count.execute(values))[0]?.n ?? 0;
    }
    return {
      items: rows.map((r) => ({
        id: r.id,
        idcliente: displayIdOf(r),
        nombre: r.nombre,
        calle: r.calle,
        numero: r.numero,
        colonia: r.colonia,
        comunidad: r.comunidad,
        telefono: r.telefono,
        tipo: r.tipo,
        monto: r.monto,
        no: r.no,
        fechaContratacion: r.fechaContratacion,
        cortado: r.cortado,
        activo: r.activo,
        fechaFin: r.pagadoHasta,
        diasRetraso: r.diasRetraso,
      })),
      total,
    };
  }

  /**
   * A list shape's statements (page and count), built once with placeholders `today`, `w0`…, `tipo`, `comunidad`,
   * `limit`, `offset` (drizzle's query building cost more CPU than the list's own SQL) and sent unnamed, so
   * PostgreSQL plans each execution for its values.
   */
  private buildList(shape: ListShape) {
    const ph = sql.placeholder;
    const today = ph('today');
    const where = listWhere(
      {
        patterns: Array.from({ length: shape.words }, (_, i) => ph(`w${i}`)),
        estado: shape.estado,
        tipo: shape.tipo ? ph('tipo') : undefined,
        comunidad: shape.comunidad ? ph('comunidad') : undefined,
      },
      today,
    );
    const by = shape.dir === 'asc' ? asc : desc;
    const orderBy = [...sortExpressions(shape.sort, today).map((e) => by(e)), by(contratos.id)];
    const base = this.db
      .select({ ...listColumns, diasRetraso: daysLate(today) })
      .from(contratos)
      .where(where)
      .orderBy(...orderBy)
      .$dynamic();
    const unnamed = undefined as unknown as string;
    return {
      rows: (shape.paged ? base.limit(ph('limit')).offset(ph('offset')) : base).prepare(unnamed),
      count: this.db.select({ n: count() }).from(contratos).where(where).prepare(unnamed),
    };
  }

  /**
   * The navbar search: the first `limit` customers whose search text holds every word, names first. Three
   * ranks, each read only while the page is not full, each an index range or a trigram lookup rather than a
   * sort of every match: names that start with the query (btree contratos_nombre_folded_idx), then names that
   * hold every word (trigram contratos_nombre_folded_trgm), then customers matched by another field (address,
   * telephone, e-mail, display id: contratos_search_trgm). Within a rank, by folded name and id.
   */
  async search(words: string[], limit: number): Promise<CustomerSearchResult[]> {
    if (words.length === 0) return [];
    const queries = this.searchQueries(words.length);
    const values: Record<string, string | number> = { prefix: prefixPattern(words.join(' ')) };
    words.forEach((w, i) => (values[`w${i}`] = containsPattern(w)));
    // Names that start with the query: a range of the btree, already in order.
    const rows: SearchRow[] = await queries.starts.execute({ ...values, limit });
    // Names that hold every word (trigram index on the folded name).
    if (rows.length < limit)
      rows.push(...withoutSortName(await queries.names.execute({ ...values, limit: limit - rows.length })));
    // Customers matched by another field (trigram index contratos_search_trgm). With the stored folded name in the
    // filter the planner picks the trigram index by itself; before (airlink_fold per row in the filter) it read the
    // whole table and this statement ran in a transaction with the sequential scan switched off.
    if (rows.length < limit)
      rows.push(...withoutSortName(await queries.others.execute({ ...values, limit: limit - rows.length })));
    return rows.map((r) => ({
      id: r.id,
      idcliente: displayIdOf(r),
      nombre: r.nombre,
      direccion: [[r.calle, r.numero].filter(Boolean).join(' '), r.colonia].filter(Boolean).join(', '),
      comunidad: r.comunidad,
      telefono: r.telefono,
      cortado: r.cortado,
      activo: r.activo,
    }));
  }

  /**
   * The three ranks' statements for `n` words, built once (drizzle's query building costs more CPU than these
   * index lookups) with placeholders `prefix`, `w0`…, `limit`. They are sent unnamed, so PostgreSQL plans each
   * execution for its own patterns (a generic plan cannot turn `LIKE $1` into a range of the name btree).
   */
  private searchQueries(n: number): SearchQueries {
    let queries = this.searchStatements.get(n);
    if (!queries) {
      queries = this.buildSearchQueries(n);
      // Searches have a few words; longer ones are built again each time rather than kept.
      if (n <= 4) this.searchStatements.set(n, queries);
    }
    return queries;
  }

  private buildSearchQueries(n: number) {
    const words = Array.from({ length: n }, (_, i) => sql.placeholder(`w${i}`));
    const limit = sql.placeholder('limit');
    const nameHasWords = and(...words.map((w) => sql`${contratos.nombreFolded} LIKE ${w}`))!;
    const textHasWords = and(...words.map((w) => sql`${contratos.searchText} LIKE ${w}`))!;
    const startsWithQuery = sql`${foldedName} LIKE ${sql.placeholder('prefix')}`;
    const unnamed = undefined as unknown as string;
    return {
      starts: this.db
        .select(searchColumns)
        .from(contratos)
        .where(startsWithQuery)
        .orderBy(asc(foldedName), asc(contratos.id))
        .limit(limit)
        .prepare(unnamed),
      names: this.ranked(and(nameHasWords, sql`NOT (${startsWithQuery})`)!, limit).prepare(unnamed),
      others: this.ranked(and(textHasWords, sql`NOT (${nameHasWords})`)!, limit).prepare(unnamed),
    };
  }

  /**
   * Search results matching `where`, by folded name and id. OFFSET 0 makes the planner match first (trigram
   * indexes) and sort what matched, instead of walking the name btree in order and filtering every row, which it
   * otherwise picks for the LIMIT.
   */
  private ranked(where: SQL, limit: ReturnType<typeof sql.placeholder>) {
    const matched = this.db
      .select({ ...searchColumns, sortName: sql<string>`${foldedName}`.as('sort_name') })
      .from(contratos)
      .where(where)
      .offset(0)
      .as('matched');
    return this.db.select().from(matched).orderBy(asc(matched.sortName), asc(matched.id)).limit(limit);
  }

  async insert(values: ContractValues, createdBy: number, tx: Db = this.db): Promise<ContractRow> {
    const [row] = await tx
      .insert(contratos)
      .values({
        ...values,
        no: 0,
        // No payments yet: paid until the contract date (docs/business-rules.md "Paid-until and lateness").
        pagadoHasta: values.fechaContratacion,
        searchText: searchTextOf({ ...values, no: 0 }),
        createdBy,
      })
      .returning();
    return row!;
  }

  /**
   * Saves the form's fields when the row still has `version` (optimistic concurrency) and bumps it;
   * undefined when someone saved in between. Paid-until follows the contract date while there are no payments
   * that paid a period (an abono that completed no month has none).
   */
  async updateValues(
    id: number,
    version: number,
    no: number,
    values: ContractValues,
    tx: Db = this.db,
  ): Promise<ContractRow | undefined> {
    const [row] = await tx
      .update(contratos)
      .set({
        ...values,
        searchText: searchTextOf({ ...values, no }),
        pagadoHasta: sql`COALESCE((SELECT max(${pagos.fechaFinalizacion}) FROM ${pagos} WHERE ${pagos.contratoId} = ${id} AND ${pagos.mesesCubiertos} > 0), ${values.fechaContratacion}::date)`,
        version: sql`${contratos.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(contratos.id, id), eq(contratos.version, version)))
      .returning();
    return row;
  }

  /** The next contract number from `contract_number_seq`. */
  async nextContractNumber(tx: Db = this.db): Promise<number> {
    const result = (await tx.execute(sql`SELECT nextval('contract_number_seq') AS n`)) as unknown as {
      rows: Array<{ n: string | number }>;
    };
    return Number(result.rows[0]!.n);
  }

  /** State changes (number, cut, cancellation); bumps the version and keeps search_text in step. */
  async updateState(
    row: ContractRow,
    changes: Partial<
      Pick<
        ContractRow,
        | 'no'
        | 'cortado'
        | 'activo'
        | 'fechaCancelacion'
        | 'motivoCancelacion'
        | 'estadoRed'
        | 'estadoRedMensaje'
        | 'estadoRedFecha'
      >
    >,
    tx: Db = this.db,
  ): Promise<ContractRow> {
    const no = changes.no ?? row.no;
    const [updated] = await tx
      .update(contratos)
      .set({
        ...changes,
        searchText: searchTextOf({ ...row, no }),
        version: sql`${contratos.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(contratos.id, row.id))
      .returning();
    return updated!;
  }

  /**
   * One page of a contract's payments, newest first, with the receipt number, the payment place and its invoice
   * (one lookup per row of the page by `facturas_pago_idx`).
   */
  async payments(contratoId: number, page: Page): Promise<Paged<CustomerPayment>> {
    const where = eq(pagos.contratoId, contratoId);
    const { rows, total } = await paged(
      this.db
        .select({
          id: pagos.id,
          guid: pagos.guid,
          reciboId: recibos.id,
          fechaPago: pagos.fechaPago,
          fechaInicio: pagos.fechaInicio,
          fechaFinalizacion: pagos.fechaFinalizacion,
          monto: pagos.monto,
          idCuenta: pagos.idCuenta,
          cuenta: cuentas.nombre,
          referencia: pagos.referencia,
          nota: pagos.nota,
          reconexion: pagos.reconexion,
          facturar: pagos.facturar,
          abono: pagos.abono,
          mesesCubiertos: pagos.mesesCubiertos,
          saldoAFavor: pagos.saldoAFavor,
          factura: paymentInvoice,
        })
        .from(pagos)
        .innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta))
        .leftJoin(recibos, eq(recibos.pagoId, pagos.id))
        .where(where)
        .orderBy(desc(pagos.fechaPago), desc(pagos.id))
        .$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(pagos).where(where),
    );
    return { items: rows.map((r) => ({ ...r, fechaPago: r.fechaPago.toISOString() })), total };
  }
}

/**
 * A payment's own invoice that is not cancelled: the newest, so a motive-01 replacement wins over the invoice it
 * replaces while that one's cancellation is in progress (docs/invoicing.md). Null when it has none.
 */
const paymentInvoice = sql<CustomerPayment['factura']>`(
  SELECT json_build_object('id', f.id, 'estado', f.estado, 'serie', f.serie, 'folio', f.folio)
  FROM ${facturas} f
  WHERE f.pago_id = ${pagos.id} AND f.tipo = 'pago' AND f.estado <> 'cancelada'
  ORDER BY f.id DESC
  LIMIT 1
)`;
