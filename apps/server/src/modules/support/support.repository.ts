import {
  searchWords,
  type Assignee,
  type SupportCounters,
  type SupportHistoryEntry,
  type SupportListQuery,
  type SupportStatus,
  type SupportTicket,
  type Paged,
} from '@airlink/domain';
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { airlinkFold } from '../../db/fold';
import { containsPattern } from '../../db/like';
import { paged, type Page } from '../../db/paging';
import { contratos, soporte, soporteHistorial, users } from '../../db/schema';
import { fullName, userNameColumns, userNameOf } from '../../db/user-name';

const asignado = alias(users, 'asignado');
const creador = alias(users, 'creador');

/** The customer fields a ticket shows (name and display id). */
export interface SupportCustomer {
  id: number;
  nombre: string;
  telefono: string;
  idcliente: string;
}

/** A ticket row as the service needs it to compare a change (ids, not names). */
export interface SupportTicketState {
  id: number;
  contratoId: number;
  titulo: string;
  nombreCliente: string;
  estado: SupportStatus;
  prioridad: number;
  asignadoA: number | null;
}

export interface HistoryRow {
  campo: string;
  antes: string | null;
  despues: string | null;
}

const SORT_COLUMNS = {
  id: soporte.id,
  createdAt: soporte.createdAt,
  updatedAt: soporte.updatedAt,
  prioridad: soporte.prioridad,
  estado: soporte.estado,
  titulo: soporte.titulo,
  nombreCliente: contratos.nombre,
} as const;

const ticketColumns = {
  id: soporte.id,
  contratoId: soporte.contratoId,
  titulo: soporte.titulo,
  observaciones: soporte.observaciones,
  telefonoCliente: soporte.telefonoCliente,
  prioridad: soporte.prioridad,
  estado: soporte.estado,
  origen: soporte.origen,
  asignadoA: soporte.asignadoA,
  createdAt: soporte.createdAt,
  updatedAt: soporte.updatedAt,
  contrato: contractDisplayColumns,
  asignado: userNameColumns(asignado),
  creador: userNameColumns(creador),
};

function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(soporte)
    .innerJoin(contratos, eq(contratos.id, soporte.contratoId))
    .leftJoin(asignado, eq(asignado.id, soporte.asignadoA))
    .leftJoin(creador, eq(creador.id, soporte.createdBy));
}

type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

function toTicket(r: TicketRow): SupportTicket {
  return {
    id: r.id,
    idCliente: r.contratoId,
    idContrato: r.contratoId,
    idcliente: displayIdOf(r.contrato),
    nombreCliente: r.contrato.nombre,
    titulo: r.titulo,
    observaciones: r.observaciones,
    telefonoCliente: r.telefonoCliente,
    prioridad: r.prioridad,
    estado: r.estado as SupportStatus,
    origen: r.origen === 'portal' ? 'portal' : 'personal',
    asignadoA: r.asignadoA,
    asignadoNombre: userNameOf(r.asignado),
    creadoPor: userNameOf(r.creador),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Support tickets and their history: the only SQL of the support area. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  async findCustomer(id: number, tx: Db = this.db): Promise<SupportCustomer | undefined> {
    const [row] = await tx
      .select({ id: contratos.id, ...contractDisplayColumns, telefono: contratos.telefono })
      .from(contratos)
      .where(eq(contratos.id, id))
      .limit(1);
    return row && { id: row.id, nombre: row.nombre, telefono: row.telefono, idcliente: displayIdOf(row) };
  }

  /** Full name of an active user, or undefined when there is no such active user. */
  async activeUserName(id: number, tx: Db = this.db): Promise<string | undefined> {
    const [row] = await tx
      .select(userNameColumns())
      .from(users)
      .where(and(eq(users.id, id), eq(users.activo, true)))
      .limit(1);
    return row && fullName(row);
  }

  /** Full name of any user (active or not), for history text. */
  async userName(id: number, tx: Db = this.db): Promise<string | null> {
    const [row] = await tx.select(userNameColumns()).from(users).where(eq(users.id, id)).limit(1);
    return userNameOf(row);
  }

  async insert(
    values: {
      contratoId: number;
      titulo: string;
      observaciones: string;
      telefonoCliente: string;
      prioridad: number;
      createdBy: number | null;
      origen?: 'personal' | 'portal';
    },
    tx: Db = this.db,
  ): Promise<number> {
    const [row] = await tx
      .insert(soporte)
      .values({ ...values, estado: 'Abierto' })
      .returning({ id: soporte.id });
    return row!.id;
  }

  async addHistory(soporteId: number, userId: number | null, rows: HistoryRow[], tx: Db = this.db): Promise<void> {
    if (rows.length === 0) return;
    await tx.insert(soporteHistorial).values(rows.map((r) => ({ soporteId, userId, ...r })));
  }

  async findById(id: number, tx: Db = this.db): Promise<SupportTicket | undefined> {
    const [row] = await selectTickets(tx).where(eq(soporte.id, id)).limit(1);
    return row && toTicket(row);
  }

  /** The ticket's current values, locking its row until the transaction ends (concurrent edits queue up). */
  async lockState(id: number, tx: Db): Promise<SupportTicketState | undefined> {
    const [row] = await tx
      .select({
        id: soporte.id,
        contratoId: soporte.contratoId,
        titulo: soporte.titulo,
        nombreCliente: contratos.nombre,
        estado: soporte.estado,
        prioridad: soporte.prioridad,
        asignadoA: soporte.asignadoA,
      })
      .from(soporte)
      .innerJoin(contratos, eq(contratos.id, soporte.contratoId))
      .where(eq(soporte.id, id))
      .for('update', { of: soporte })
      .limit(1);
    return row && { ...row, estado: row.estado as SupportStatus };
  }

  async update(
    id: number,
    changes: Partial<{ estado: SupportStatus; prioridad: number; asignadoA: number | null }>,
    tx: Db = this.db,
  ): Promise<void> {
    await tx
      .update(soporte)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(soporte.id, id));
  }

  async history(id: number, tx: Db = this.db): Promise<SupportHistoryEntry[]> {
    const rows = await tx
      .select({
        id: soporteHistorial.id,
        at: soporteHistorial.at,
        usuario: userNameColumns(),
        campo: soporteHistorial.campo,
        antes: soporteHistorial.antes,
        despues: soporteHistorial.despues,
      })
      .from(soporteHistorial)
      .leftJoin(users, eq(users.id, soporteHistorial.userId))
      .where(eq(soporteHistorial.soporteId, id))
      .orderBy(desc(soporteHistorial.at), desc(soporteHistorial.id));
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      usuario: userNameOf(r.usuario),
      campo: r.campo,
      antes: r.antes,
      despues: r.despues,
    }));
  }

  /**
   * One page of tickets. Every word of `q` (folded like the domain's search) must appear in the title, the
   * observations or the customer's `search_text` (name, address, phone, display id pieces; pg_trgm index),
   * or be the ticket number.
   */
  async list(query: SupportListQuery): Promise<Paged<SupportTicket>> {
    const conds: SQL[] = [];
    if (query.estado) conds.push(eq(soporte.estado, query.estado));
    if (query.prioridad !== undefined) conds.push(eq(soporte.prioridad, query.prioridad));
    if (query.asignadoA !== undefined) {
      conds.push(query.asignadoA === 0 ? isNull(soporte.asignadoA) : eq(soporte.asignadoA, query.asignadoA));
    }
    for (const word of searchWords(query.q)) {
      const pattern = containsPattern(word);
      const alternatives: SQL[] = [
        sql`${airlinkFold(soporte.titulo)} like ${pattern}`,
        sql`${airlinkFold(soporte.observaciones)} like ${pattern}`,
        sql`${contratos.searchText} like ${pattern}`,
      ];
      if (/^\d{1,9}$/.test(word)) alternatives.push(eq(soporte.id, Number(word)));
      conds.push(or(...alternatives)!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const order = query.dir === 'asc' ? asc : desc;
    const { rows, total } = await paged(
      selectTickets(this.db).where(where).orderBy(order(SORT_COLUMNS[query.sort]), order(soporte.id)).$dynamic(),
      query,
      () =>
        this.db
          .select({ n: count() })
          .from(soporte)
          .innerJoin(contratos, eq(contratos.id, soporte.contratoId))
          .where(where),
    );
    return { items: rows.map(toTicket), total };
  }

  /** A customer's tickets, newest first. */
  async listForCustomer(contratoId: number, page: Page): Promise<Paged<SupportTicket>> {
    const where = eq(soporte.contratoId, contratoId);
    const { rows, total } = await paged(
      selectTickets(this.db).where(where).orderBy(desc(soporte.createdAt), desc(soporte.id)).$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(soporte).where(where),
    );
    return { items: rows.map(toTicket), total };
  }

  /** Tickets per status and in total, in one query. */
  async counters(): Promise<SupportCounters> {
    const n = (estado: SupportStatus) =>
      sql<number>`count(*) filter (where ${soporte.estado} = ${estado})`.mapWith(Number);
    const [row] = await this.db
      .select({
        abierto: n('Abierto'),
        enProgreso: n('En Progreso'),
        resuelto: n('Resuelto'),
        cerrado: n('Cerrado'),
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(soporte);
    return {
      Abierto: row?.abierto ?? 0,
      'En Progreso': row?.enProgreso ?? 0,
      Resuelto: row?.resuelto ?? 0,
      Cerrado: row?.cerrado ?? 0,
      total: row?.total ?? 0,
    };
  }

  /** Active staff, by name. */
  async assignees(): Promise<Assignee[]> {
    const rows = await this.db
      .select({ id: users.id, ...userNameColumns() })
      .from(users)
      .where(eq(users.activo, true))
      .orderBy(asc(users.nombre), asc(users.apellidos), asc(users.id));
    return rows.map((r) => ({ id: r.id, nombre: fullName(r) }));
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
