import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OnlinePaymentListQuery, OnlinePaymentState } from '@airlink/domain';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { paged } from '../../db/paging';
import { contratos, pagosEnLinea, pagosEnLineaConfig, recibos } from '../../db/schema';

export interface IntentRow {
  id: string;
  contratoId: number;
  meses: number;
  monto: number;
  reconexion: boolean;
  facturar: boolean;
  estado: OnlinePaymentState;
  preferenceId: string;
  urlPago: string;
  mpPaymentId: string | null;
  mpStatus: string | null;
  pagoId: number | null;
  idRecibo: number | null;
  marcado: boolean;
  motivoMarca: string | null;
  createdAt: Date;
}

const intentColumns = {
  id: pagosEnLinea.id,
  contratoId: pagosEnLinea.contratoId,
  meses: pagosEnLinea.meses,
  monto: pagosEnLinea.monto,
  reconexion: pagosEnLinea.reconexion,
  facturar: pagosEnLinea.facturar,
  estado: sql<OnlinePaymentState>`${pagosEnLinea.estado}`,
  preferenceId: pagosEnLinea.preferenceId,
  urlPago: pagosEnLinea.urlPago,
  mpPaymentId: pagosEnLinea.mpPaymentId,
  mpStatus: pagosEnLinea.mpStatus,
  pagoId: pagosEnLinea.pagoId,
  idRecibo: recibos.id,
  marcado: pagosEnLinea.marcado,
  motivoMarca: pagosEnLinea.motivoMarca,
  createdAt: pagosEnLinea.createdAt,
};

export interface StoredSettings {
  activo: boolean;
  publicKey: string;
  accessTokenEnc: string | null;
  webhookSecretEnc: string | null;
  urlPortal: string;
}

/** Payment intents and the Pagos en línea settings: the only SQL of online payments. */
export class OnlinePaymentsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  async settings(): Promise<StoredSettings | undefined> {
    const [row] = await this.db
      .select({
        activo: pagosEnLineaConfig.activo,
        publicKey: pagosEnLineaConfig.publicKey,
        accessTokenEnc: pagosEnLineaConfig.accessTokenEnc,
        webhookSecretEnc: pagosEnLineaConfig.webhookSecretEnc,
        urlPortal: pagosEnLineaConfig.urlPortal,
      })
      .from(pagosEnLineaConfig)
      .where(eq(pagosEnLineaConfig.id, 1));
    return row;
  }

  async saveSettings(values: StoredSettings, userId: number | null, tx: Db = this.db): Promise<void> {
    const set = { ...values, updatedBy: userId, updatedAt: sql`now()` };
    await tx
      .insert(pagosEnLineaConfig)
      .values({ id: 1, ...values, updatedBy: userId })
      .onConflictDoUpdate({ target: pagosEnLineaConfig.id, set });
  }

  async insertIntent(values: {
    id: string;
    contratoId: number;
    meses: number;
    monto: number;
    reconexion: boolean;
    facturar: boolean;
    preferenceId: string;
    urlPago: string;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(pagosEnLinea).values({ ...values, updatedAt: values.createdAt });
  }

  async find(id: string, tx: Db = this.db, lock = false): Promise<IntentRow | undefined> {
    const q = tx
      .select(intentColumns)
      .from(pagosEnLinea)
      .leftJoin(recibos, eq(recibos.pagoId, pagosEnLinea.pagoId))
      .where(eq(pagosEnLinea.id, id))
      .limit(1);
    const [row] = lock ? await q.for('update', { of: pagosEnLinea }) : await q;
    return row;
  }

  async update(
    id: string,
    values: Partial<{
      estado: OnlinePaymentState;
      mpPaymentId: string | null;
      mpStatus: string | null;
      pagoId: number | null;
      marcado: boolean;
      motivoMarca: string | null;
      checkedAt: Date;
    }>,
    now: Date,
    tx: Db = this.db,
  ): Promise<void> {
    await tx
      .update(pagosEnLinea)
      .set({ ...values, updatedAt: now })
      .where(eq(pagosEnLinea.id, id));
  }

  /** Pending intents created before `before` and not looked up since `checkedBefore` (oldest first). */
  async pendingToCheck(before: Date, checkedBefore: Date, limit: number): Promise<IntentRow[]> {
    return this.db
      .select(intentColumns)
      .from(pagosEnLinea)
      .leftJoin(recibos, eq(recibos.pagoId, pagosEnLinea.pagoId))
      .where(
        and(
          eq(pagosEnLinea.estado, 'pendiente'),
          lt(pagosEnLinea.createdAt, before),
          or(isNull(pagosEnLinea.checkedAt), lt(pagosEnLinea.checkedAt, checkedBefore)),
        ),
      )
      .orderBy(pagosEnLinea.createdAt)
      .limit(limit);
  }

  async listForContract(contratoId: number): Promise<IntentRow[]> {
    return this.db
      .select(intentColumns)
      .from(pagosEnLinea)
      .leftJoin(recibos, eq(recibos.pagoId, pagosEnLinea.pagoId))
      .where(eq(pagosEnLinea.contratoId, contratoId))
      .orderBy(desc(pagosEnLinea.createdAt))
      .limit(50);
  }

  /** The staff list: newest first, with the customer. */
  async list(query: OnlinePaymentListQuery) {
    const where: SQL[] = [];
    if (query.estado) where.push(eq(pagosEnLinea.estado, query.estado));
    if (query.idCliente) where.push(eq(pagosEnLinea.contratoId, query.idCliente));
    const cond = where.length ? and(...where) : undefined;
    const { rows, total } = await paged(
      this.db
        .select({ ...intentColumns, contrato: contractDisplayColumns })
        .from(pagosEnLinea)
        .innerJoin(contratos, eq(contratos.id, pagosEnLinea.contratoId))
        .leftJoin(recibos, eq(recibos.pagoId, pagosEnLinea.pagoId))
        .where(cond)
        .orderBy(desc(pagosEnLinea.createdAt), desc(pagosEnLinea.id))
        .$dynamic(),
      query,
      () =>
        this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(pagosEnLinea)
          .where(cond),
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        fecha: r.createdAt.toISOString(),
        idCliente: r.contratoId,
        idcliente: displayIdOf(r.contrato),
        nombreCliente: r.contrato.nombre,
        meses: r.meses,
        monto: r.monto,
        estado: r.estado,
        idPagoMercadoPago: r.mpPaymentId,
        idPago: r.pagoId,
        idRecibo: r.idRecibo,
        marcado: r.marcado,
        motivoMarca: r.motivoMarca,
      })),
    };
  }
}

/** What an intent needs of its contract. */
export async function contractForPayment(db: Db, id: number) {
  const [row] = await db
    .select({
      id: contratos.id,
      nombre: contratos.nombre,
      activo: contratos.activo,
      no: contratos.no,
      monto: contratos.monto,
      cortado: contratos.cortado,
      facturar: contratos.facturar,
      tipo: contratos.tipo,
    })
    .from(contratos)
    .where(eq(contratos.id, id))
    .limit(1);
  return row;
}
