import { VISIT_SLOT_MINUTES, type AgendaEvent, type Paged } from '@airlink/domain';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { paged, type Page } from '../../db/paging';
import { agenda, contratos, users } from '../../db/schema';
import { userNameColumns, userNameOf } from '../../db/user-name';

/** The customer fields a visit needs. */
export interface AgendaCustomer {
  id: number;
  nombre: string;
}

/** Namespace of the agenda's advisory locks (the first key of `pg_advisory_xact_lock(int, int)`): 'AGND'. */
const SLOT_LOCK_CLASS = 0x41474e44;
const INT4_MAX = 2_147_483_647;

const eventColumns = {
  id: agenda.id,
  contratoId: agenda.contratoId,
  fechaEvento: agenda.fechaEvento,
  accionRealizar: agenda.accionRealizar,
  titulo: agenda.titulo,
  descripcion: agenda.descripcion,
  fechaCreacion: agenda.fechaCreacion,
  contrato: contractDisplayColumns,
  usuario: userNameColumns(),
};

function selectEvents(db: Db) {
  return db
    .select(eventColumns)
    .from(agenda)
    .leftJoin(contratos, eq(contratos.id, agenda.contratoId))
    .leftJoin(users, eq(users.id, agenda.userId));
}

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

function toEvent(r: EventRow): AgendaEvent {
  return {
    id: r.id,
    idCliente: r.contratoId,
    idcliente: displayIdOf(r.contrato),
    nombreCliente: r.contrato?.nombre ?? null,
    fechaEvento: r.fechaEvento.toISOString(),
    fechaFin: new Date(r.fechaEvento.getTime() + VISIT_SLOT_MINUTES * 60_000).toISOString(),
    accionRealizar: r.accionRealizar,
    titulo: r.titulo,
    descripcion: r.descripcion,
    usuario: userNameOf(r.usuario),
    fechaCreacion: r.fechaCreacion.toISOString(),
  };
}

/** Agenda events (technician visits): the only SQL of the agenda area. */
export class AgendaRepository {
  constructor(private readonly db: Db) {}

  async findCustomer(id: number, tx: Db = this.db): Promise<AgendaCustomer | undefined> {
    const [row] = await tx
      .select({ id: contratos.id, nombre: contratos.nombre })
      .from(contratos)
      .where(eq(contratos.id, id))
      .limit(1);
    return row;
  }

  /** Events in [desde, hasta), by start time. */
  async listBetween(desde: Date, hasta: Date): Promise<AgendaEvent[]> {
    const rows = await selectEvents(this.db)
      .where(and(gte(agenda.fechaEvento, desde), lt(agenda.fechaEvento, hasta)))
      .orderBy(asc(agenda.fechaEvento), asc(agenda.id));
    return rows.map(toEvent);
  }

  /** A customer's events, newest first. */
  async listForCustomer(contratoId: number, page: Page): Promise<Paged<AgendaEvent>> {
    const where = eq(agenda.contratoId, contratoId);
    const { rows, total } = await paged(
      selectEvents(this.db).where(where).orderBy(desc(agenda.fechaEvento), desc(agenda.id)).$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(agenda).where(where),
    );
    return { items: rows.map(toEvent), total };
  }

  /**
   * Holds, until the transaction ends, a lock on the minute `at` starts in: two requests for the same
   * slot queue here, so the second one sees the first one's event (READ COMMITTED takes a new snapshot per
   * statement) and gets 'slot taken' instead of a double booking.
   */
  async lockSlot(at: Date, tx: Db): Promise<void> {
    const minute = Math.floor(at.getTime() / 60_000) % INT4_MAX;
    await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK_CLASS}::int, ${minute}::int)`);
  }

  /** Another event starting at exactly this instant, with its customer's name. */
  async eventAt(at: Date, tx: Db = this.db): Promise<{ id: number; nombreCliente: string | null } | undefined> {
    const [row] = await tx
      .select({ id: agenda.id, nombreCliente: contratos.nombre })
      .from(agenda)
      .leftJoin(contratos, eq(contratos.id, agenda.contratoId))
      .where(eq(agenda.fechaEvento, at))
      .orderBy(asc(agenda.id))
      .limit(1);
    return row;
  }

  async insert(
    values: {
      contratoId: number;
      fechaEvento: Date;
      accionRealizar: string;
      titulo: string;
      descripcion: string;
      userId: number;
    },
    tx: Db = this.db,
  ): Promise<AgendaEvent> {
    const [inserted] = await tx.insert(agenda).values(values).returning({ id: agenda.id });
    const [row] = await selectEvents(tx).where(eq(agenda.id, inserted!.id)).limit(1);
    return toEvent(row!);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
