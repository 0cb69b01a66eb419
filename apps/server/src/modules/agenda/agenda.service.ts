import {
  formatDateTime,
  LEVEL,
  toInstant,
  visitSlotError,
  type AgendaEvent,
  type AgendaQuery,
  type VisitInput,
} from '@airlink/domain';
import type { Page } from '../../db/paging';
import { afterCommit, type AfterCommitLog } from '../../lib/after-commit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AgendaRepository } from './agenda.repository';

const DAY_MS = 86_400_000;
/** Default range of GET /api/agenda around now. */
export const AGENDA_DAYS_BACK = 7;
export const AGENDA_DAYS_AHEAD = 60;
/** Longest range one GET /api/agenda may ask for. */
export const AGENDA_MAX_RANGE_DAYS = 400;

const invalidSlot = (message: string) => new AppError(400, 'invalid_slot', message, { fechaEvento: [message] });

export interface AgendaServiceOptions {
  businessTz: string;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/** Technician visits (docs/business-rules.md "Support, logs and visits"; docs/api-contract.md "Customers and contracts" agenda). */
export class AgendaService {
  private readonly businessTz: string;
  private readonly now: () => Date;

  constructor(
    private readonly repo: AgendaRepository,
    private readonly notifications: NotificationsService,
    private readonly log: AfterCommitLog,
    options: AgendaServiceOptions,
  ) {
    this.businessTz = options.businessTz;
    this.now = options.now ?? (() => new Date());
  }

  /** Events in [desde, hasta); without a range, from 7 days ago to 60 days ahead. */
  list(query: AgendaQuery): Promise<AgendaEvent[]> {
    const now = this.now().getTime();
    // A date-time without an offset is business time-zone time (docs/business-rules.md "Time zone and business dates").
    const at = (value: string) => toInstant(value, this.businessTz).getTime();
    const desde = query.desde
      ? at(query.desde)
      : query.hasta
        ? at(query.hasta) - (AGENDA_DAYS_BACK + AGENDA_DAYS_AHEAD) * DAY_MS
        : now - AGENDA_DAYS_BACK * DAY_MS;
    const hasta = query.hasta
      ? at(query.hasta)
      : query.desde
        ? desde + (AGENDA_DAYS_BACK + AGENDA_DAYS_AHEAD) * DAY_MS
        : now + AGENDA_DAYS_AHEAD * DAY_MS;
    if (!Number.isFinite(desde) || !Number.isFinite(hasta)) {
      throw badRequest('Las fechas del rango no son válidas.');
    }
    if (desde >= hasta) throw badRequest('La fecha inicial debe ser antes de la final.');
    if (hasta - desde > AGENDA_MAX_RANGE_DAYS * DAY_MS) {
      throw badRequest(`El rango de fechas es demasiado grande: máximo ${AGENDA_MAX_RANGE_DAYS} días.`);
    }
    return this.repo.listBetween(new Date(desde), new Date(hasta));
  }

  async listForCustomer(customerId: number, page: Page) {
    if (!(await this.repo.findCustomer(customerId))) throw notFound('El cliente no existe.');
    return this.repo.listForCustomer(customerId, page);
  }

  /**
   * Schedules a visit: a valid 30-minute slot (Monday to Saturday, 09:00 to 20:00 in the business time zone),
   * not in the past, free. The slot is locked for the transaction, so two requests for one slot cannot both
   * win. Level 20 is notified.
   */
  async create(actor: AuthUser, input: VisitInput): Promise<AgendaEvent> {
    const at = toInstant(input.fechaEvento, this.businessTz);
    const slotError = visitSlotError(at, this.businessTz);
    if (slotError) throw invalidSlot(slotError);
    if (at.getTime() < this.now().getTime()) throw invalidSlot('No se puede agendar una visita en el pasado.');

    const { event, customer } = await this.repo.transaction(async (tx) => {
      const customer = await this.repo.findCustomer(input.idCliente, tx);
      if (!customer) throw notFound('El cliente no existe.');
      await this.repo.lockSlot(at, tx);
      const taken = await this.repo.eventAt(at, tx);
      if (taken) {
        const who = taken.nombreCliente ?? 'sin cliente';
        throw conflict('slot_taken', `Ese horario ya está ocupado por otra visita (${who}). Elige otro.`, {
          fechaEvento: ['Horario ocupado'],
        });
      }
      const event = await this.repo.insert(
        {
          contratoId: customer.id,
          fechaEvento: at,
          accionRealizar: input.accionRealizar,
          titulo: input.titulo,
          descripcion: input.descripcion,
          userId: actor.id,
        },
        tx,
      );
      return { event, customer };
    });

    await afterCommit(
      this.log,
      'agenda notification failed',
      () =>
        this.notifications.notify(
          { minLevel: LEVEL.admin },
          {
            user: 'Nueva visita',
            message: `${formatDateTime(at, this.businessTz)} · ${customer.nombre}: ${event.titulo} (${event.accionRealizar})`,
            customerId: customer.id,
            customerName: customer.nombre,
            url: `/dashboard/profile?id=${customer.id}`,
          },
          actor.id,
        ),
      'error',
    );
    return event;
  }
}
