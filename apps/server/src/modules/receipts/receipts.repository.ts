import {
  amountInWords,
  toCentavos,
  type AccountGroup,
  type Receipt,
  type ReconnectionItem,
  type Paged,
} from '@airlink/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { onBusinessDates } from '../../db/business-time';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { containsPattern } from '../../db/like';
import { paged, type Page } from '../../db/paging';
import { contratos, cuentas, pagos, recibos, users } from '../../db/schema';
import { userNameColumns, userNameOf } from '../../db/user-name';

export interface ReceiptFilter {
  /** Business dates (YYYY-MM-DD), both included, read in `tz`. */
  desde?: string;
  hasta?: string;
  tz: string;
  grupo?: AccountGroup;
  idCuenta?: number;
  /** Folded search words: each must be in the customer's search text. */
  words: string[];
  /** A receipt number typed in the search box. */
  numero?: number;
}

function listWhere(f: ReceiptFilter): SQL | undefined {
  const conds: SQL[] = [];
  // A business day runs from its local midnight to the next, in the business time zone.
  conds.push(...onBusinessDates(recibos.fechaPago, f.tz, f.desde, f.hasta));
  if (f.grupo) conds.push(eq(cuentas.grupo, f.grupo));
  if (f.idCuenta !== undefined) conds.push(eq(pagos.idCuenta, f.idCuenta));
  if (f.words.length > 0) {
    const words = and(...f.words.map((w) => sql`${contratos.searchText} LIKE ${containsPattern(w)}`))!;
    conds.push(f.numero !== undefined ? sql`(${eq(recibos.id, f.numero)} OR (${words}))` : words);
  }
  return conds.length ? and(...conds) : undefined;
}

const receiptColumns = {
  id: recibos.id,
  clienteId: recibos.clienteId,
  guid: recibos.guid,
  nombre: recibos.nombre,
  direccion: recibos.direccion,
  colonia: recibos.colonia,
  monto: recibos.monto,
  montoContrato: recibos.montoContrato,
  fechaPago: recibos.fechaPago,
  fechaInicio: recibos.fechaInicio,
  fechaFinalizacion: recibos.fechaFinalizacion,
  reconexion: recibos.reconexion,
  idCuenta: pagos.idCuenta,
  cuenta: cuentas.nombre,
  referencia: pagos.referencia,
  nota: pagos.nota,
  facturar: pagos.facturar,
  abono: pagos.abono,
  mesesCubiertos: pagos.mesesCubiertos,
  saldoAFavor: pagos.saldoAFavor,
  cajero: userNameColumns(),
  // The contract's current display id (its number once authorized).
  contrato: contractDisplayColumns,
  comunidad: contratos.comunidad,
};

/** Receipts with their payment, account, contract and cashier. */
function selectReceipts(db: Db) {
  return db
    .select(receiptColumns)
    .from(recibos)
    .innerJoin(pagos, eq(pagos.id, recibos.pagoId))
    .innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta))
    .innerJoin(contratos, eq(contratos.id, recibos.clienteId))
    .leftJoin(users, eq(users.id, pagos.userId));
}

type ReceiptRow = Awaited<ReturnType<typeof selectReceipts>>[number];

function toReceipt(r: ReceiptRow): Receipt {
  return {
    id: r.id,
    clienteId: r.clienteId,
    guid: r.guid,
    idcliente: displayIdOf(r.contrato),
    nombre: r.nombre,
    direccion: r.direccion,
    colonia: r.colonia,
    comunidad: r.comunidad,
    monto: r.monto,
    montoLetra: amountInWords(r.monto),
    montoContrato: r.montoContrato,
    fechaPago: r.fechaPago.toISOString(),
    fechaInicio: r.fechaInicio,
    fechaFinalizacion: r.fechaFinalizacion,
    idCuenta: r.idCuenta,
    cuenta: r.cuenta,
    referencia: r.referencia,
    nota: r.nota,
    reconexion: r.reconexion,
    facturar: r.facturar,
    abono: r.abono,
    mesesCubiertos: r.mesesCubiertos,
    saldoAFavor: r.saldoAFavor,
    cajero: userNameOf(r.cajero),
  };
}

/**
 * The count of the list joins only the tables its filter reads: the foreign keys behind the joins are NOT NULL,
 * so an unused join cannot change the count, and without them the unfiltered total is a count of recibos and a
 * date range is a range of recibos_fecha_idx (instead of a hash join of two million-row tables). Keep it in step
 * with `listWhere`: a filter on a table not joined here fails as SQL (the receipts tests count every filter).
 */
function countReceipts(db: Db, f: ReceiptFilter) {
  let q = db.select({ n: count() }).from(recibos).$dynamic();
  if (f.grupo || f.idCuenta !== undefined) q = q.innerJoin(pagos, eq(pagos.id, recibos.pagoId));
  if (f.grupo) q = q.innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta));
  if (f.words.length > 0) q = q.innerJoin(contratos, eq(contratos.id, recibos.clienteId));
  return q;
}

/** The only SQL of receipts (read side; receipts are written by the payment transaction). */
export class ReceiptsRepository {
  constructor(private readonly db: Db) {}

  /** One page, newest first. */
  async list(filter: ReceiptFilter, page: Page): Promise<Paged<Receipt>> {
    const where = listWhere(filter);
    const { rows, total } = await paged(
      selectReceipts(this.db).where(where).orderBy(desc(recibos.fechaPago), desc(recibos.id)).$dynamic(),
      page,
      () => countReceipts(this.db, filter).where(where),
    );
    return { items: rows.map(toReceipt), total };
  }

  async findById(id: number): Promise<Receipt | undefined> {
    const [row] = await selectReceipts(this.db).where(eq(recibos.id, id)).limit(1);
    return row && toReceipt(row);
  }

  async findByGuid(guid: string): Promise<Receipt | undefined> {
    const [row] = await selectReceipts(this.db).where(eq(recibos.guid, guid)).limit(1);
    return row && toReceipt(row);
  }

  /** Receipts of reconnection payments, newest first, with what they charged above the monthly amount. */
  async reconnections(page: Page): Promise<Paged<ReconnectionItem>> {
    const where = eq(recibos.reconexion, true);
    const { rows, total } = await paged(
      this.db
        .select({
          id: recibos.id,
          guid: recibos.guid,
          clienteId: recibos.clienteId,
          fechaPago: recibos.fechaPago,
          nombre: recibos.nombre,
          monto: recibos.monto,
          montoContrato: recibos.montoContrato,
        })
        .from(recibos)
        .where(where)
        .orderBy(desc(recibos.fechaPago), desc(recibos.id))
        .$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(recibos).where(where),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        guid: r.guid,
        clienteId: r.clienteId,
        fechaRecibo: r.fechaPago.toISOString(),
        nombreCliente: r.nombre,
        montoRecibo: r.monto,
        montoContrato: r.montoContrato,
        diferencia: (toCentavos(r.monto) - toCentavos(r.montoContrato)) / 100,
      })),
      total,
    };
  }
}
