import type { Paged } from '@airlink/domain';
import type { LogEntry, LogEntryInput } from '@airlink/domain';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../auth/auth.service';
import type { Page } from '../../db/paging';
import type { Db } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import type { LogPlaceholders, LogsRepository } from './logs.repository';

const NO_CUSTOMER = 'El cliente no existe. Revisa el número de cliente.';

/** Registro: free notes on a customer by any signed-in user, and the customer's log list. */
export class LogsService {
  constructor(private readonly repo: LogsRepository) {}

  async create(actor: AuthUser, input: LogEntryInput): Promise<LogEntry> {
    const contract = await this.repo.findContract(input.idCliente);
    if (!contract) throw notFound(NO_CUSTOMER);
    return this.repo.insert({
      contratoId: contract.id,
      idcliente: contract.idcliente,
      log1: input.log1,
      userId: actor.id,
    });
  }

  /** A log entry written by another module (contract changes, payments); pass the transaction when inside one. */
  insert(entry: Parameters<LogsRepository['insert']>[0], tx?: Db): Promise<LogEntry> {
    return this.repo.insert(entry, tx);
  }

  /** Log entries' INSERT for a use case's statement prepared once with its other writes (db/batch.ts `prepareTogether`). */
  insertPreparedSql(names: LogPlaceholders): SQL {
    return this.repo.insertPreparedSql(names);
  }

  async listForContract(contratoId: number, page: Page): Promise<Paged<LogEntry>> {
    const contract = await this.repo.findContract(contratoId);
    if (!contract) throw notFound(NO_CUSTOMER);
    return this.repo.listForContract(contract, page);
  }
}
