import {
  LEVEL,
  priorityLabel,
  type Assignee,
  type SupportCounters,
  type SupportListQuery,
  type SupportTicket,
  type SupportTicketDetail,
  type SupportTicketInput,
  type SupportTicketUpdate,
} from '@airlink/domain';
import type { Page } from '../../db/paging';
import { afterCommit, type AfterCommitLog } from '../../lib/after-commit';
import { badRequest, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { HistoryRow, SupportRepository } from './support.repository';

const UNASSIGNED = 'Sin asignar';
const customerNotFound = () => notFound('El cliente no existe.');
const ticketNotFound = () => notFound('El ticket de soporte no existe.');
const profileUrl = (customerId: number) => `/dashboard/profile?id=${customerId}`;

/** Support tickets (docs/business-rules.md "Support, logs and visits"; docs/api-contract.md "Customers and contracts": a real support center with history). */
export class SupportService {
  constructor(
    private readonly repo: SupportRepository,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly log: AfterCommitLog,
  ) {}

  /** Opens a ticket: estado Abierto, a 'creado' history row, an audit record; level 20 is notified. */
  async create(actor: AuthUser, input: SupportTicketInput): Promise<SupportTicket> {
    if (input.idContrato !== undefined && input.idContrato !== input.idCliente) {
      throw badRequest('El contrato no corresponde al cliente: un cliente tiene un solo contrato.', {
        idContrato: ['Debe ser igual a idCliente'],
      });
    }
    const ticket = await this.repo.transaction(async (tx) => {
      const customer = await this.repo.findCustomer(input.idCliente, tx);
      if (!customer) throw customerNotFound();
      const id = await this.repo.insert(
        {
          contratoId: customer.id,
          titulo: input.titulo,
          observaciones: input.observaciones,
          telefonoCliente: input.telefonoCliente || customer.telefono,
          prioridad: input.prioridad,
          createdBy: actor.id,
        },
        tx,
      );
      await this.repo.addHistory(
        id,
        actor.id,
        [{ campo: 'creado', antes: null, despues: `Abierto, prioridad ${priorityLabel(input.prioridad)}` }],
        tx,
      );
      const created = (await this.repo.findById(id, tx))!;
      await this.audit.record({ actor, action: 'create', entity: 'support_ticket', entityId: id, after: created }, tx);
      return created;
    });
    await this.safeNotify(
      { minLevel: LEVEL.admin },
      {
        user: 'Nuevo ticket de soporte',
        message: `${ticket.nombreCliente}: ${ticket.titulo} (prioridad ${priorityLabel(ticket.prioridad)})`,
        customerId: ticket.idCliente,
        customerName: ticket.nombreCliente,
        url: profileUrl(ticket.idCliente),
      },
      actor.id,
    );
    return ticket;
  }

  /**
   * A ticket the customer opens in the portal (issue 24): `origen: 'portal'`, priority Normal, nobody as its
   * creator; staff see it in Soporte and level 20 is notified as for any new ticket.
   */
  async createFromPortal(contratoId: number, asunto: string, descripcion: string): Promise<SupportTicket> {
    const ticket = await this.repo.transaction(async (tx) => {
      const customer = await this.repo.findCustomer(contratoId, tx);
      if (!customer) throw customerNotFound();
      const prioridad = 3;
      const id = await this.repo.insert(
        {
          contratoId,
          titulo: asunto,
          observaciones: descripcion,
          telefonoCliente: customer.telefono,
          prioridad,
          createdBy: null,
          origen: 'portal',
        },
        tx,
      );
      await this.repo.addHistory(
        id,
        null,
        [{ campo: 'creado', antes: null, despues: `Abierto desde el portal, prioridad ${priorityLabel(prioridad)}` }],
        tx,
      );
      const created = (await this.repo.findById(id, tx))!;
      await this.audit.record(
        { actor: null, action: 'create', entity: 'support_ticket', entityId: id, after: created },
        tx,
      );
      return created;
    });
    await this.safeNotify(
      { minLevel: LEVEL.admin },
      {
        user: 'Nuevo ticket desde el portal',
        message: `${ticket.nombreCliente}: ${ticket.titulo}`,
        customerId: ticket.idCliente,
        customerName: ticket.nombreCliente,
        url: profileUrl(ticket.idCliente),
      },
      null,
    );
    return ticket;
  }

  list(query: SupportListQuery) {
    return this.repo.list(query);
  }

  counters(): Promise<SupportCounters> {
    return this.repo.counters();
  }

  assignees(): Promise<Assignee[]> {
    return this.repo.assignees();
  }

  async detail(id: number): Promise<SupportTicketDetail> {
    const ticket = await this.repo.findById(id);
    if (!ticket) throw ticketNotFound();
    return { ...ticket, historial: await this.repo.history(id) };
  }

  async listForCustomer(customerId: number, page: Page) {
    if (!(await this.repo.findCustomer(customerId))) throw customerNotFound();
    return this.repo.listForCustomer(customerId, page);
  }

  /**
   * Changes status, priority or assignee and/or adds a note. Each field that really changes is one history
   * row with readable before/after text; unchanged values record nothing. The row is locked for the
   * transaction, so concurrent edits see each other's result.
   */
  async update(actor: AuthUser, id: number, input: SupportTicketUpdate): Promise<SupportTicketDetail> {
    const result = await this.repo.transaction(async (tx) => {
      const before = await this.repo.lockState(id, tx);
      if (!before) throw ticketNotFound();
      const changes: Parameters<SupportRepository['update']>[1] = {};
      const rows: HistoryRow[] = [];
      if (input.estado !== undefined && input.estado !== before.estado) {
        changes.estado = input.estado;
        rows.push({ campo: 'estado', antes: before.estado, despues: input.estado });
      }
      if (input.prioridad !== undefined && input.prioridad !== before.prioridad) {
        changes.prioridad = input.prioridad;
        rows.push({
          campo: 'prioridad',
          antes: priorityLabel(before.prioridad),
          despues: priorityLabel(input.prioridad),
        });
      }
      let newAssignee: number | null = null;
      if (input.asignadoA !== undefined && input.asignadoA !== before.asignadoA) {
        const despues = input.asignadoA === null ? UNASSIGNED : await this.repo.activeUserName(input.asignadoA, tx);
        if (despues === undefined) {
          throw badRequest('El usuario asignado no existe o está inactivo.', {
            asignadoA: ['Elige un usuario activo'],
          });
        }
        const antes =
          before.asignadoA === null
            ? UNASSIGNED
            : ((await this.repo.userName(before.asignadoA, tx)) ?? `Usuario ${before.asignadoA}`);
        changes.asignadoA = input.asignadoA;
        newAssignee = input.asignadoA;
        rows.push({ campo: 'asignadoA', antes, despues });
      }
      if (input.nota) rows.push({ campo: 'nota', antes: null, despues: input.nota });
      if (rows.length === 0) return { before, changed: false, newAssignee };
      await this.repo.update(id, changes, tx);
      await this.repo.addHistory(id, actor.id, rows, tx);
      const after = { ...before, ...changes };
      await this.audit.record(
        {
          actor,
          action: 'update',
          entity: 'support_ticket',
          entityId: id,
          before,
          after: { ...after, nota: input.nota },
        },
        tx,
      );
      return { before, changed: true, newAssignee };
    });
    if (result.changed && result.newAssignee !== null && result.newAssignee !== actor.id) {
      await this.safeNotify(
        { userIds: [result.newAssignee] },
        {
          user: 'Ticket asignado',
          message: `${actor.name} te asignó el ticket #${id}: ${result.before.titulo} (${result.before.nombreCliente})`,
          customerId: result.before.contratoId,
          customerName: result.before.nombreCliente,
          url: profileUrl(result.before.contratoId),
        },
        actor.id,
      );
    }
    return this.detail(id);
  }

  /** Notifications go out after the commit; a failure there is logged, never undoes or fails the saved ticket. */
  private safeNotify(...args: Parameters<NotificationsService['notify']>): Promise<void> {
    return afterCommit(this.log, 'support notification failed', () => this.notifications.notify(...args), 'error');
  }
}
