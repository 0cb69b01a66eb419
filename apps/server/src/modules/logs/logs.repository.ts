import type { Paged } from '@airlink/domain';
import type { LogEntry } from '@airlink/domain';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { paged, type Page } from '../../db/paging';
import { contratos, registros, users } from '../../db/schema';
import { userNameColumns, userNameOf } from '../../db/user-name';

/** The contract a log entry belongs to: its id and display id. */
export interface LogContract {
  id: number;
  idcliente: string;
}

/** Registro entries (free notes and the system entries of contract changes). Pass the transaction when inside one. */
export class LogsRepository {
  constructor(private readonly db: Db) {}

  async findContract(id: number, tx: Db = this.db): Promise<LogContract | undefined> {
    const [row] = await tx
      .select({ id: contratos.id, ...contractDisplayColumns })
      .from(contratos)
      .where(eq(contratos.id, id))
      .limit(1);
    return row && { id: row.id, idcliente: displayIdOf(row) };
  }

  /**
   * The INSERT of entries, to run together with other writes (db/batch.ts `writeTogether`); nothing is returned.
   * One statement, so the entries get ascending ids in the given order (the list shows them in that order).
   */
  insertSql(entries: Array<{ contratoId: number; log1: string; userId: number | null }>): SQL {
    return this.db
      .insert(registros)
      .values(entries.map((e) => ({ contratoId: e.contratoId, log1: e.log1, userId: e.userId })))
      .getSQL();
  }

  /** Adds an entry; `idcliente` is the contract's display id at this moment (for the returned DTO). */
  async insert(
    entry: { contratoId: number; idcliente: string; log1: string; userId: number | null },
    tx: Db = this.db,
  ): Promise<LogEntry> {
    const [row] = await tx
      .insert(registros)
      .values({ contratoId: entry.contratoId, log1: entry.log1, userId: entry.userId })
      .returning();
    let usuario: string | null = null;
    if (row!.userId !== null) {
      const [u] = await tx.select(userNameColumns()).from(users).where(eq(users.id, row!.userId)).limit(1);
      usuario = userNameOf(u);
    }
    return {
      id: row!.id,
      idCliente: row!.contratoId,
      idcliente: entry.idcliente,
      log1: row!.log1,
      usuario,
      fechaCreacion: row!.fechaCreacion.toISOString(),
    };
  }

  /** One page of a contract's entries, newest first, with the name of who wrote each. */
  async listForContract(contract: LogContract, page: Page): Promise<Paged<LogEntry>> {
    const where = eq(registros.contratoId, contract.id);
    const { rows, total } = await paged(
      this.db
        .select({
          id: registros.id,
          log1: registros.log1,
          fechaCreacion: registros.fechaCreacion,
          usuario: userNameColumns(),
        })
        .from(registros)
        .leftJoin(users, eq(users.id, registros.userId))
        .where(where)
        .orderBy(desc(registros.fechaCreacion), desc(registros.id))
        .$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(registros).where(where),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        idCliente: contract.id,
        idcliente: contract.idcliente,
        log1: r.log1,
        usuario: userNameOf(r.usuario),
        fechaCreacion: r.fechaCreacion.toISOString(),
      })),
      total,
    };
  }
}
