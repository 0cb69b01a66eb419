import { and, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractDisplayColumns } from '../../db/contract-display';
import {
  contratos,
  facturas,
  pagos,
  portalCodes,
  portalLocks,
  portalSessions,
  recibos,
  soporte,
} from '../../db/schema';

export interface PortalContract {
  id: number;
  no: number;
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  comunidad: string;
  fechaContratacion: string;
  telefono: string;
  activo: boolean;
  tipo: number;
  monto: number;
  cortado: boolean;
  facturar: boolean;
  pagadoHasta: string;
  saldoAFavor: number;
}

const contractColumns = {
  id: contratos.id,
  ...contractDisplayColumns,
  comunidad: contratos.comunidad,
  telefono: contratos.telefono,
  activo: contratos.activo,
  tipo: contratos.tipo,
  monto: contratos.monto,
  cortado: contratos.cortado,
  facturar: contratos.facturar,
  pagadoHasta: contratos.pagadoHasta,
  saldoAFavor: contratos.saldoAFavor,
};

export interface CodeRow {
  id: number;
  codeHash: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  tries: number;
}

/** The customer portal's SQL: codes, locks, sessions, and what a signed-in customer reads of their contract. */
export class PortalRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** The authorized contract with this number (numbers are unique once handed out). */
  async contractByNumber(no: number, tx: Db = this.db): Promise<PortalContract | undefined> {
    const [row] = await tx.select(contractColumns).from(contratos).where(eq(contratos.no, no)).limit(1);
    return row;
  }

  async contractById(id: number, tx: Db = this.db): Promise<PortalContract | undefined> {
    const [row] = await tx.select(contractColumns).from(contratos).where(eq(contratos.id, id)).limit(1);
    return row;
  }

  /** Codes asked for since `since` to this phone and from this address. */
  async codesSince(phoneKey: string, ip: string, since: Date): Promise<{ phone: number; ip: number }> {
    const [row] = await this.db
      .select({
        phone: sql<number>`count(*) filter (where ${portalCodes.phoneKey} = ${phoneKey})::int`,
        ip: sql<number>`count(*) filter (where ${portalCodes.ip} = ${ip})::int`,
      })
      .from(portalCodes)
      .where(
        and(
          gte(portalCodes.createdAt, since),
          sql`(${portalCodes.phoneKey} = ${phoneKey} or ${portalCodes.ip} = ${ip})`,
        ),
      );
    return { phone: row?.phone ?? 0, ip: row?.ip ?? 0 };
  }

  async insertCode(values: {
    contratoId: number | null;
    phoneKey: string;
    ip: string;
    codeHash: string | null;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await this.db.insert(portalCodes).values(values).returning({ id: portalCodes.id });
    return row!.id;
  }

  /** The contract's codes that may still be tried, locked for this transaction. */
  async usableCodes(contratoId: number, now: Date, maxTries: number, tx: Db): Promise<CodeRow[]> {
    return tx
      .select({
        id: portalCodes.id,
        codeHash: portalCodes.codeHash,
        expiresAt: portalCodes.expiresAt,
        usedAt: portalCodes.usedAt,
        tries: portalCodes.tries,
      })
      .from(portalCodes)
      .where(
        and(
          eq(portalCodes.contratoId, contratoId),
          isNull(portalCodes.usedAt),
          gt(portalCodes.expiresAt, now),
          lt(portalCodes.tries, maxTries),
        ),
      )
      .orderBy(desc(portalCodes.id))
      .for('update');
  }

  async markCodeUsed(id: number, now: Date, tx: Db): Promise<void> {
    await tx.update(portalCodes).set({ usedAt: now }).where(eq(portalCodes.id, id));
  }

  async addTry(ids: number[], tx: Db): Promise<void> {
    for (const id of ids)
      await tx
        .update(portalCodes)
        .set({ tries: sql`${portalCodes.tries} + 1` })
        .where(eq(portalCodes.id, id));
  }

  /** The contract's sign-in lock row, created and held for the transaction. */
  async lockRow(contratoId: number, tx: Db): Promise<{ wrong: number; lockedUntil: Date | null }> {
    await tx.insert(portalLocks).values({ contratoId }).onConflictDoNothing();
    const [row] = await tx
      .select({ wrong: portalLocks.wrong, lockedUntil: portalLocks.lockedUntil })
      .from(portalLocks)
      .where(eq(portalLocks.contratoId, contratoId))
      .for('update');
    return row!;
  }

  async readLock(contratoId: number): Promise<{ wrong: number; lockedUntil: Date | null } | undefined> {
    const [row] = await this.db
      .select({ wrong: portalLocks.wrong, lockedUntil: portalLocks.lockedUntil })
      .from(portalLocks)
      .where(eq(portalLocks.contratoId, contratoId));
    return row;
  }

  async saveLock(contratoId: number, lock: { wrong: number; lockedUntil: Date | null }, tx: Db): Promise<void> {
    await tx.update(portalLocks).set(lock).where(eq(portalLocks.contratoId, contratoId));
  }

  async insertSession(values: { contratoId: number; tokenHash: string; expiresAt: Date }, tx: Db): Promise<string> {
    const [row] = await tx.insert(portalSessions).values(values).returning({ id: portalSessions.id });
    return row!.id;
  }

  /** A live session of an active contract by its cookie's hash. */
  async sessionByHash(tokenHash: string, now: Date): Promise<{ id: string; contratoId: number } | undefined> {
    const [row] = await this.db
      .select({ id: portalSessions.id, contratoId: portalSessions.contratoId })
      .from(portalSessions)
      .innerJoin(contratos, eq(contratos.id, portalSessions.contratoId))
      .where(
        and(
          eq(portalSessions.tokenHash, tokenHash),
          isNull(portalSessions.revokedAt),
          gt(portalSessions.expiresAt, now),
          eq(contratos.activo, true),
        ),
      )
      .limit(1);
    return row;
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db.update(portalSessions).set({ revokedAt: now }).where(eq(portalSessions.id, id));
  }

  /** The contract's registered payments with their receipts, newest first (the latest 120). */
  async payments(contratoId: number) {
    return this.db
      .select({
        id: pagos.id,
        fecha: pagos.fechaPago,
        monto: pagos.monto,
        periodoInicio: pagos.fechaInicio,
        periodoFin: pagos.fechaFinalizacion,
        idRecibo: recibos.id,
      })
      .from(pagos)
      .innerJoin(recibos, eq(recibos.pagoId, pagos.id))
      .where(eq(pagos.contratoId, contratoId))
      .orderBy(desc(pagos.fechaPago), desc(pagos.id))
      .limit(120);
  }

  /** The contract's stamped invoices of its payments (valid or cancelled), newest first (the latest 120). */
  async invoices(contratoId: number) {
    return this.db
      .select({
        id: facturas.id,
        serie: facturas.serie,
        folio: facturas.folio,
        fecha: sql<Date>`coalesce(${facturas.fecha}, ${facturas.createdAt})`.mapWith(facturas.createdAt),
        total: facturas.total,
        estado: facturas.estado,
      })
      .from(facturas)
      .where(
        and(
          eq(facturas.contratoId, contratoId),
          eq(facturas.tipo, 'pago'),
          inArray(facturas.estado, ['valida', 'cancelacion_pendiente', 'cancelada']),
        ),
      )
      .orderBy(desc(facturas.createdAt), desc(facturas.id))
      .limit(120);
  }

  /** The contract's support tickets, newest first (the latest 100). */
  async tickets(contratoId: number) {
    return this.db
      .select({ id: soporte.id, asunto: soporte.titulo, estado: soporte.estado, fecha: soporte.createdAt })
      .from(soporte)
      .where(eq(soporte.contratoId, contratoId))
      .orderBy(desc(soporte.createdAt), desc(soporte.id))
      .limit(100);
  }
}
