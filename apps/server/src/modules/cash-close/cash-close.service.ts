import {
  businessDate,
  cashDifference,
  toPesos,
  type CashCloseInput,
  type CashCloseItem,
  type CashCloseListQuery,
  type CashDay,
  type Paged,
} from '@airlink/domain';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { CashCloseRepository } from './cash-close.repository';

export interface CashCloseServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"). */
  now?: () => Date;
}

/** 'dd/mm/yyyy' of a 'YYYY-MM-DD' date (for messages). */
const dmy = (date: string) => date.split('-').reverse().join('/');

/**
 * Cash close ('Corte de caja') of a cash office's business day. While a day has a close that is not
 * reopened, payments in cash at that office are refused (payments module, CASH_DAY_CLOSED_MESSAGE).
 * A day has at most one row (unique office + date): reopening marks it, closing again updates the same
 * row with the new numbers and clears the reopening; every step is kept in the audit log.
 */
export class CashCloseService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: CashCloseRepository,
    private readonly audit: AuditService,
    private readonly opts: CashCloseServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  /** The day of an office: the cash its payments add up to now, and its close if any. */
  day(idCuenta: number, fecha: string): Promise<CashDay> {
    return this.cashDay(idCuenta, fecha);
  }

  /**
   * Closes an office's day: the expected cash is summed on the server inside the transaction, after
   * locking the office (payments in flight finish first, later ones wait and then see the close).
   */
  async close(actor: AuthUser, input: CashCloseInput): Promise<CashDay> {
    const today = this.today();
    if (input.fecha > today) {
      throw badRequest(`No se puede cerrar un día que aún no termina de llegar: hoy es ${dmy(today)}.`, {
        fecha: ['La fecha del corte no puede ser posterior a hoy'],
      });
    }
    return this.repo.transaction(async (tx) => {
      const account = await this.repo.account(input.idCuenta, tx);
      if (!account) throw notFound('La oficina no existe.');
      await this.repo.lockAccount(input.idCuenta, tx);
      const existing = await this.repo.findByDay(input.idCuenta, input.fecha, tx, true);
      if (existing && existing.reabiertoEn === null) throw this.alreadyClosed(account.nombre, input.fecha);
      const total = await this.repo.dayTotal(input.idCuenta, input.fecha, this.opts.businessTz, tx);
      const esperado = toPesos(total.centavos);
      const values = {
        esperado,
        contado: input.contado,
        diferencia: cashDifference(esperado, input.contado),
        nota: input.nota,
        cerradoPor: actor.id,
        cerradoEn: this.now(),
      };
      let id: number;
      if (existing) {
        await this.repo.reclose(existing.id, values, tx);
        id = existing.id;
      } else {
        const inserted = await this.repo.insert(input.idCuenta, input.fecha, values, tx);
        if (inserted === undefined) throw this.alreadyClosed(account.nombre, input.fecha);
        id = inserted;
      }
      const day = await this.cashDay(input.idCuenta, input.fecha, tx);
      await this.audit.record(
        {
          actor,
          action: existing ? 'reclose' : 'close',
          entity: 'cash_close',
          entityId: id,
          before: existing ?? null,
          after: { ...day.corte, idCuenta: input.idCuenta, fecha: input.fecha, cantidadPagos: total.cantidad },
        },
        tx,
      );
      return day;
    });
  }

  /** Reopens a closed day (level 20): cash payments at that office are accepted again until it is closed again. */
  async reopen(actor: AuthUser, id: number): Promise<CashDay> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.findById(id, tx, true);
      if (!row) throw notFound('El corte de caja no existe.');
      if (row.reabiertoEn !== null) {
        throw conflict(
          'not_closed',
          `El corte del ${dmy(row.fecha)} ya está reabierto; ciérralo de nuevo cuando termine el día.`,
        );
      }
      await this.repo.reopen(id, actor.id, this.now(), tx);
      const day = await this.cashDay(row.idCuenta, row.fecha, tx);
      await this.audit.record(
        { actor, action: 'reopen', entity: 'cash_close', entityId: id, before: row, after: day.corte },
        tx,
      );
      return day;
    });
  }

  list(query: CashCloseListQuery): Promise<Paged<CashCloseItem>> {
    return this.repo.list({ idCuenta: query.idCuenta }, query);
  }

  private alreadyClosed(cuenta: string, fecha: string): AppError {
    return conflict(
      'already_closed',
      `La caja de ${cuenta} del ${dmy(fecha)} ya está cerrada. Un administrador puede reabrir el corte si hace falta corregirlo.`,
    );
  }

  private async cashDay(idCuenta: number, fecha: string, tx?: Db): Promise<CashDay> {
    const account = await this.repo.account(idCuenta, tx);
    if (!account) throw notFound('La oficina no existe.');
    const total = await this.repo.dayTotal(idCuenta, fecha, this.opts.businessTz, tx);
    const corte = await this.repo.itemByDay(idCuenta, fecha, tx);
    return {
      idCuenta,
      cuenta: account.nombre,
      fecha,
      esperado: toPesos(total.centavos),
      cantidadPagos: total.cantidad,
      cerrado: corte?.cerrado ?? false,
      corte: corte
        ? {
            id: corte.id,
            esperado: corte.esperado,
            contado: corte.contado,
            diferencia: corte.diferencia,
            nota: corte.nota,
            cerradoPor: corte.cerradoPor,
            cerradoEn: corte.cerradoEn,
            reabiertoPor: corte.reabiertoPor,
            reabiertoEn: corte.reabiertoEn,
          }
        : null,
    };
  }
}
