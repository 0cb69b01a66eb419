import type { Paged } from '@airlink/domain';
import type { LogEntry } from '@airlink/domain';
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
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

/** The placeholder names of `insertPreparedSql`: the contract's id, the user's id (or null) and the texts (an array). */
export interface LogPlaceholders {
  contratoId: string;
  userId: string;
  texts: string;
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
   * `insertSql` for a statement prepared once (db/batch.ts `prepareTogether`, run with other writes in one statement): entries of one contract and one user
   * (or none), their texts one placeholder holding an array, inserted in the array's order (ascending ids).
   */
  insertPreparedSql(names: LogPlaceholders): SQL {
    const column = (c: { name: string }) => sql.identifier(c.name);
    return sql`INSERT INTO ${registros} (${column(registros.contratoId)}, ${column(registros.log1)}, ${column(registros.userId)})
      SELECT ${sql.placeholder(names.contratoId)}::integer, e.texto, ${sql.placeholder(names.userId)}::integer
      FROM unnest(${sql.placeholder(names.texts)}::text[]) WITH ORDINALITY AS e(texto, n) ORDER BY e.n`;
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
