import {
  DEFAULT_CLAVE_PRODUCTO,
  DEFAULT_CLAVE_UNIDAD,
  DEFAULT_SERIE,
  DEFAULT_SERIE_GLOBAL,
  type InvoiceState,
} from '@airlink/domain';
import { and, desc, eq, getTableColumns, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged, type Page } from '../../db/paging';
import {
  contratos,
  cuentas,
  datosFiscales,
  facturaGlobalPagos,
  facturacionAjustes,
  facturas,
  pagos,
} from '../../db/schema';

export type FiscalDataRow = typeof datosFiscales.$inferSelect;
export type InvoiceRow = typeof facturas.$inferSelect & { nombre: string | null };
export type SettingsRow = typeof facturacionAjustes.$inferSelect;
export type NewInvoice = typeof facturas.$inferInsert;

/** A payment with what its invoice needs: the contract, its service type and where the money went. */
export interface PaymentToInvoice {
  id: number;
  contratoId: number;
  nombre: string;
  tipo: number;
  monto: number;
  reconexion: boolean;
  facturar: boolean;
  abono: boolean;
  mesesCubiertos: number;
  fechaInicio: string;
  fechaFinalizacion: string;
  cuentaId: number;
  cuentaGrupo: string;
  cuentaNombre: string;
}

export interface GlobalCandidate {
  id: number;
  monto: number;
  cuentaId: number;
  cuentaGrupo: string;
  cuentaNombre: string;
}

/** The only SQL of invoicing (docs/invoicing.md). */
export class InvoicingRepository {
  constructor(private readonly db: Db) {}

  async fiscalData(contratoId: number): Promise<FiscalDataRow | null> {
    const [row] = await this.db.select().from(datosFiscales).where(eq(datosFiscales.contratoId, contratoId));
    return row ?? null;
  }

  async saveFiscalData(row: typeof datosFiscales.$inferInsert): Promise<FiscalDataRow> {
    const { contratoId: _key, ...rest } = row;
    const [saved] = await this.db
      .insert(datosFiscales)
      .values(row)
      .onConflictDoUpdate({ target: datosFiscales.contratoId, set: { ...rest, updatedAt: sql`now()` } })
      .returning();
    return saved!;
  }

  async contractExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: contratos.id }).from(contratos).where(eq(contratos.id, id));
    return Boolean(row);
  }

  /** The settings row, or the defaults while nobody saved them (a read never writes). */
  async settings(): Promise<SettingsRow> {
    const [row] = await this.db.select().from(facturacionAjustes).where(eq(facturacionAjustes.id, 1));
    return (
      row ?? {
        id: 1,
        activa: false,
        automatica: true,
        serie: DEFAULT_SERIE,
        serieGlobal: DEFAULT_SERIE_GLOBAL,
        claveProducto: DEFAULT_CLAVE_PRODUCTO,
        claveUnidad: DEFAULT_CLAVE_UNIDAD,
        codigoPostal: '',
        pacKeyEnc: null,
        activaDesde: null,
        updatedBy: null,
        updatedAt: new Date(0),
      }
    );
  }

  async saveSettings(patch: Omit<typeof facturacionAjustes.$inferInsert, 'id'>): Promise<SettingsRow> {
    const [row] = await this.db
      .insert(facturacionAjustes)
      .values({ id: 1, ...patch })
      .onConflictDoUpdate({ target: facturacionAjustes.id, set: { ...patch, updatedAt: sql`now()` } })
      .returning();
    return row!;
  }

  async payment(id: number): Promise<PaymentToInvoice | null> {
    const [row] = await this.db
      .select({
        id: pagos.id,
        contratoId: pagos.contratoId,
        nombre: contratos.nombre,
        tipo: contratos.tipo,
        monto: pagos.monto,
        reconexion: pagos.reconexion,
        facturar: pagos.facturar,
        abono: pagos.abono,
        mesesCubiertos: pagos.mesesCubiertos,
        fechaInicio: pagos.fechaInicio,
        fechaFinalizacion: pagos.fechaFinalizacion,
        cuentaId: cuentas.id,
        cuentaGrupo: cuentas.grupo,
        cuentaNombre: cuentas.nombre,
      })
      .from(pagos)
      .innerJoin(contratos, eq(contratos.id, pagos.contratoId))
      .innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta))
      .where(eq(pagos.id, id));
    return row ?? null;
  }

  private selectInvoices() {
    return this.db
      .select({ ...getTableColumns(facturas), nombre: contratos.nombre })
      .from(facturas)
      .leftJoin(contratos, eq(contratos.id, facturas.contratoId));
  }

  async invoice(id: number): Promise<InvoiceRow | null> {
    const [row] = await this.selectInvoices().where(eq(facturas.id, id));
    return row ?? null;
  }

  /** The live invoice of a payment (not cancelled, not a replacement in progress). */
  /**
   * The payment's invoice that is not cancelled, the newest first: after a motive-01 cancellation that is the
   * replacement (`sustituyeA` set), so the payment is never invoiced a third time.
   */
  async liveInvoiceOfPayment(pagoId: number): Promise<InvoiceRow | null> {
    const [row] = await this.selectInvoices()
      .where(and(eq(facturas.pagoId, pagoId), eq(facturas.tipo, 'pago'), ne(facturas.estado, 'cancelada')))
      .orderBy(desc(facturas.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * A new invoice row, or null when the payment (or the replaced invoice) already has a live one: the partial
   * unique indexes decide, so two instances never both claim a payment.
   */
  async claim(row: NewInvoice): Promise<InvoiceRow | null> {
    const [created] = await this.db.insert(facturas).values(row).onConflictDoNothing().returning({ id: facturas.id });
    return created ? this.invoice(created.id) : null;
  }

  async update(id: number, patch: Partial<NewInvoice>): Promise<InvoiceRow> {
    await this.db
      .update(facturas)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(facturas.id, id));
    return (await this.invoice(id))!;
  }

  async list(q: Page & { estado?: InvoiceState; periodo?: string; idContrato?: number }, tz: string) {
    const where = and(...filters(q, tz));
    return paged(
      this.selectInvoices().where(where).orderBy(desc(facturas.createdAt), desc(facturas.id)).$dynamic(),
      q,
      () =>
        this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(facturas)
          .where(where),
    );
  }

  async totalsByState(periodo: string, tz: string) {
    return this.db
      .select({
        estado: facturas.estado,
        facturas: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${facturas.total}), 0)::float8`,
      })
      .from(facturas)
      .where(and(...filters({ periodo }, tz)))
      .groupBy(facturas.estado);
  }

  /**
   * The payments received in a month (business time zone) into an income account that have no invoice of their
   * own nor a place in a global invoice that is not cancelled.
   */
  async globalCandidates(desde: string, hasta: string, tz: string): Promise<GlobalCandidate[]> {
    return this.db
      .select({
        id: pagos.id,
        monto: pagos.monto,
        cuentaId: cuentas.id,
        cuentaGrupo: cuentas.grupo,
        cuentaNombre: cuentas.nombre,
      })
      .from(pagos)
      .innerJoin(cuentas, eq(cuentas.id, pagos.idCuenta))
      .where(
        and(
          gte(pagos.fechaPago, sql`(${desde}::date)::timestamp AT TIME ZONE ${tz}::text`),
          lt(pagos.fechaPago, sql`(${hasta}::date + 1)::timestamp AT TIME ZONE ${tz}::text`),
          inArray(cuentas.grupo, ['tizayuca', 'pachuca', 'banco']),
          sql`${pagos.monto} > 0`,
          sql`NOT EXISTS (SELECT 1 FROM ${facturas} f WHERE f.pago_id = ${pagos.id} AND f.estado <> 'cancelada')`,
          sql`NOT EXISTS (SELECT 1 FROM ${facturaGlobalPagos} gp JOIN ${facturas} g ON g.id = gp.factura_id
                WHERE gp.pago_id = ${pagos.id} AND g.estado <> 'cancelada')`,
        ),
      )
      .orderBy(pagos.fechaPago, pagos.id);
  }

  async addGlobalPayments(facturaId: number, pagoIds: number[]): Promise<void> {
    for (let i = 0; i < pagoIds.length; i += 1000)
      await this.db
        .insert(facturaGlobalPagos)
        .values(pagoIds.slice(i, i + 1000).map((pagoId) => ({ facturaId, pagoId })))
        .onConflictDoNothing();
  }

  async globalPaymentIds(facturaId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: facturaGlobalPagos.pagoId })
      .from(facturaGlobalPagos)
      .where(eq(facturaGlobalPagos.facturaId, facturaId));
    return rows.map((r) => r.id);
  }

  /** Live global invoices of a period. */
  async globalsOf(periodo: string): Promise<InvoiceRow[]> {
    return this.selectInvoices().where(
      and(eq(facturas.tipo, 'global'), eq(facturas.periodo, periodo), ne(facturas.estado, 'cancelada')),
    );
  }

  async withState(estado: InvoiceState, limit = 100): Promise<InvoiceRow[]> {
    return this.selectInvoices().where(eq(facturas.estado, estado)).orderBy(facturas.id).limit(limit);
  }

  /** Payments of invoiced contracts registered since `since` that have no invoice row at all (the sweep). */
  async paymentsWithoutInvoice(since: Date, limit = 100): Promise<number[]> {
    const rows = await this.db
      .select({ id: pagos.id })
      .from(pagos)
      .where(
        and(
          eq(pagos.facturar, true),
          gte(pagos.createdAt, since),
          sql`NOT EXISTS (SELECT 1 FROM ${facturas} f WHERE f.pago_id = ${pagos.id})`,
        ),
      )
      .orderBy(pagos.id)
      .limit(limit);
    return rows.map((r) => r.id);
  }
}

function filters(q: { estado?: InvoiceState; periodo?: string; idContrato?: number }, tz: string): SQL[] {
  const out: SQL[] = [];
  if (q.estado) out.push(eq(facturas.estado, q.estado));
  if (q.idContrato) out.push(eq(facturas.contratoId, q.idContrato));
  if (q.periodo)
    out.push(
      sql`(coalesce(${facturas.fecha}, ${facturas.createdAt}) AT TIME ZONE ${tz}::text) >= (${`${q.periodo}-01`}::date)
        AND (coalesce(${facturas.fecha}, ${facturas.createdAt}) AT TIME ZONE ${tz}::text) < (${`${q.periodo}-01`}::date + interval '1 month')`,
    );
  return out;
}
