import {
  businessDate,
  CONTRACT_CHANGED_EVENT,
  type ContractChangedEvent,
  contractNumberText,
  describeContractChanges,
  formatDateTime,
  mustBeCutOnRouter,
  releaseTarget,
  searchWords,
  type RouterPlacement,
  type Contract,
  type ContractInput,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerPayment,
  type CustomerSearchResult,
  toInstant,
  type Paged,
} from '@airlink/domain';
import type { Db } from '../../db/client';
import type { Page } from '../../db/paging';
import { afterCommit, type AfterCommitLog } from '../../lib/after-commit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { LogsService } from '../logs/logs.service';
import type { NetworkService } from '../network/network.service';
import type { RouterControlService, RouterRelease } from '../network/router-control.service';
import type { SettingsService } from '../settings/settings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { toContract, type ContractRow, type ContractValues, type CustomersRepository } from './customers.repository';

/** Where a contract's service lives on the network, or null without a router. */
function placementOf(row: ContractRow): RouterPlacement | null {
  return row.routerId === null ? null : { routerId: row.routerId, ip: row.ipCliente, pppoeUser: row.usuarioPppoe };
}

/** What a contract held on its router before an edit moved it (its secret or queue is removed there). */
function oldPlacement(before: ContractRow, after: ContractRow) {
  const sameRouter = before.routerId === after.routerId;
  return {
    id: before.id,
    no: before.no,
    // On the same router a queue keeps its name (its target is corrected); a secret of another name goes.
    pppoeUser: sameRouter && before.usuarioPppoe === after.usuarioPppoe ? '' : before.usuarioPppoe,
    ip: before.ipCliente,
    queue: !sameRouter,
  };
}

/** How many matches the navbar search returns. */
export const SEARCH_LIMIT = 20;

const NO_CONTRACT = 'El contrato no existe. Revisa el número de cliente.';
const VERSION_CONFLICT =
  'Otra persona guardó cambios en este contrato mientras lo editabas. Recarga los datos y vuelve a intentarlo.';
const CANCELLED = 'El contrato está cancelado; ya no admite cambios de servicio.';

export interface CustomersServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"). */
  now?: () => Date;
  /** Where failures after a commit (the notification) are reported; they never fail the request. */
  log?: AfterCommitLog;
  /** How long Cortar/Reconectar wait for the router before answering (it goes on in the background). */
  routerWaitMs?: number;
  /** The push hub: every committed change is announced (`ContractChanged`), so open panels refetch. */
  hub?: { emitToAll(event: string, payload: unknown): void };
  /** Seals a PPPoE password typed in the form (the secret box). */
  seal?: (plain: string) => string;
}

/** Cortar/Reconectar answer with the router's outcome when it comes within this time, else 'pendiente'. */
export const ROUTER_WAIT_MS = 6_000;

/** Thrown inside a transaction to leave it without changes (a scheduled cut whose check refused). */
class SkipCut extends Error {}

/** Customers and contracts: list, search, create, edit, authorize, cut, reconnect, cancel. */
export class CustomersService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: CustomersRepository,
    private readonly logs: LogsService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly network: Pick<NetworkService, 'routerExists' | 'placementTaken'>,
    private readonly routerControl: Pick<RouterControlService, 'enforce'>,
    private readonly settings: Pick<SettingsService, 'calendar'>,
    private readonly opts: CustomersServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The business date now (docs/business-rules.md "Time zone and business dates": never a fixed offset). */
  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  list(query: CustomerListQuery): Promise<Paged<CustomerListItem>> {
    return this.repo.list(
      { words: searchWords(query.q), estado: query.estado, tipo: query.tipo, comunidad: query.comunidad || undefined },
      { sort: query.sort, dir: query.dir },
      query.all ? null : { page: query.page, pageSize: query.pageSize },
      this.today(),
    );
  }

  search(q: string): Promise<CustomerSearchResult[]> {
    return this.repo.search(searchWords(q), SEARCH_LIMIT);
  }

  async get(id: number): Promise<Contract> {
    // Two reads at once: the contract and the calendar of its cut-off date.
    const [row, calendar] = await Promise.all([this.repo.findById(id), this.settings.calendar()]);
    if (!row) throw notFound(NO_CONTRACT);
    return toContract(row, this.today(), calendar);
  }

  async create(actor: AuthUser, input: ContractInput): Promise<Contract> {
    await this.checkRouter(input);
    if (input.idRouter)
      await this.checkPlacement(input.idRouter, null, input.usuarioPppoe ?? '', input.ipCliente ?? '');
    const plain = this.valuesOf(input);
    const values = plain.routerId ? { ...plain, ...this.networkStateAfterEdit(plain.routerId) } : plain;
    const calendar = await this.settings.calendar();
    const contract = await this.repo.transaction(async (tx) => {
      const row = await this.repo.insert(values, actor.id, tx);
      const contract = toContract(row, this.today(), calendar);
      await this.log(tx, contract, actor, 'Contrato creado.');
      await this.audit.record({ actor, action: 'create', entity: 'contract', entityId: row.id, after: contract }, tx);
      return contract;
    });
    await afterCommit(this.opts.log, 'new customer notification failed', () =>
      this.notifications.notify(
        { minLevel: 20 },
        {
          user: 'Nuevo cliente',
          message: `${actor.name} registró a ${contract.nombre} (${contract.comunidad}).`,
          customerId: contract.id,
          customerName: contract.nombre,
          url: `/dashboard/profile?id=${contract.id}`,
        },
        actor.id,
      ),
    );
    if (contract.idRouter !== null) await this.routerControl.enforce(contract.id, 0);
    return contract;
  }

  async update(actor: AuthUser, id: number, input: ContractInput): Promise<Contract> {
    if (input.version === undefined) {
      throw badRequest('Falta la versión del contrato. Recarga los datos y vuelve a intentarlo.', {
        version: ['La versión es obligatoria al editar'],
      });
    }
    const version = input.version;
    await this.checkRouter(input);
    const values = this.valuesOf(input);
    let networkChanged = false;
    let release: RouterRelease | undefined;
    const setPassword = values.passwordPppoeEnc !== undefined;
    const calendar = await this.settings.calendar();
    const contract = await this.repo.transaction(async (tx) => {
      const before = await this.repo.findById(id, tx, true);
      if (!before) throw notFound(NO_CONTRACT);
      if (before.version !== version) throw conflict('version_conflict', VERSION_CONFLICT);
      const moved =
        (values.routerId !== undefined && values.routerId !== before.routerId) ||
        (values.usuarioPppoe !== undefined && values.usuarioPppoe !== before.usuarioPppoe) ||
        (values.ipCliente !== undefined && values.ipCliente !== before.ipCliente);
      // A new plan or a new PPPoE password must reach the router too (docs/network.md "Plans on the router").
      networkChanged = moved || values.tipo !== before.tipo || setPassword;
      const routerId = values.routerId === undefined ? before.routerId : values.routerId;
      if (routerId !== null && before.activo)
        await this.checkPlacement(
          routerId,
          id,
          values.usuarioPppoe ?? before.usuarioPppoe,
          values.ipCliente ?? before.ipCliente,
          tx,
        );
      const state = networkChanged ? this.networkStateAfterEdit(routerId) : {};
      const row = await this.repo.updateValues(id, version, before.no, { ...values, ...state }, tx);
      if (!row) throw conflict('version_conflict', VERSION_CONFLICT);
      // A cut contract that moves (router, IP or PPPoE user): the old router gives back what it held.
      const from = placementOf(before);
      const target = releaseTarget(from, mustBeCutOnRouter(before), placementOf(row));
      // Its secret or queue leaves the old router (or the old PPPoE user) too.
      if (from && moved)
        release = {
          routerId: from.routerId,
          target,
          old: oldPlacement(before, row),
        };
      const today = this.today();
      const after = toContract(row, today, calendar);
      const changes = describeContractChanges(this.comparable(before), this.comparable(row));
      if (changes.length > 0) {
        await this.log(tx, after, actor, `Datos del contrato modificados: ${changes.join('; ')}.`);
        await this.audit.record(
          {
            actor,
            action: 'update',
            entity: 'contract',
            entityId: id,
            before: toContract(before, today, calendar),
            after,
          },
          tx,
        );
      }
      return after;
    });
    await this.announce(contract);
    // The router must now hold this contract's state with its new router, IP or PPPoE user; the old one
    // gives back a cut it held (also when the contract no longer has a router).
    if (networkChanged && (contract.idRouter !== null || release))
      await this.routerControl.enforce(contract.id, 0, release, { setPassword });
    return contract;
  }

  /**
   * Assigns the next contract number (once); the display id then shows it. A contract with a router is
   * provisioned (its queue takes the number's name, its secret the new comment).
   */
  async authorize(actor: AuthUser, id: number): Promise<Contract> {
    const contract = await this.authorizeRow(actor, id);
    if (contract.idRouter !== null) await this.routerControl.enforce(contract.id, 0);
    return contract;
  }

  private authorizeRow(actor: AuthUser, id: number): Promise<Contract> {
    return this.change(actor, id, 'authorize', async (row, tx) => {
      if (!row.activo) throw conflict('contract_cancelled', CANCELLED);
      if (row.no > 0) {
        throw conflict(
          'already_authorized',
          `El contrato ya está autorizado con el número ${contractNumberText(row.no)}.`,
        );
      }
      const no = await this.repo.nextContractNumber(tx);
      return { changes: { no }, text: `Contrato autorizado con el número ${contractNumberText(no)}.` };
    });
  }

  /**
   * Cortar: the flag and the Registro entry commit first; then the router adds the IP to its suspension
   * list and disables the PPPoE user (docs/network.md "Contracts on routers"). The answer carries the router's outcome
   * (`estadoRed`) when it comes within ROUTER_WAIT_MS, else 'pendiente' (the work goes on).
   */
  async cut(actor: AuthUser, id: number, nota: string): Promise<Contract> {
    const contract = await this.change(actor, id, 'cut', async (row) => {
      if (!row.activo) throw conflict('contract_cancelled', CANCELLED);
      if (row.cortado) throw conflict('already_cut', 'El servicio ya está cortado.');
      return { changes: { cortado: true, ...this.pending(row) }, text: withNote('Servicio cortado.', nota) };
    });
    return this.onRouter(contract);
  }

  /**
   * Cortar by a scheduled run (Cortes programados): as `cut`, but `check` runs under the contract's row lock
   * (a payment being registered for it commits first: payments take the same lock) and may refuse with a
   * Spanish reason, and then nothing changes. Waits for the router up to `waitMs`.
   */
  async cutChecked(
    actor: AuthUser,
    id: number,
    nota: string,
    check: (row: ContractRow, tx: Db) => Promise<string | null>,
    waitMs: number,
  ): Promise<{ contract: Contract } | { skipped: string }> {
    let skipped: string | null = null;
    try {
      const contract = await this.change(actor, id, 'cut', async (row, tx) => {
        skipped = await check(row, tx);
        if (skipped) throw new SkipCut();
        return { changes: { cortado: true, ...this.pending(row) }, text: withNote('Servicio cortado.', nota) };
      });
      if (contract.idRouter === null) return { contract };
      await this.routerControl.enforce(contract.id, waitMs);
      return { contract: await this.get(contract.id) };
    } catch (err) {
      if (err instanceof SkipCut && skipped) return { skipped };
      throw err;
    }
  }

  /** Reconectar: undoes exactly what Cortar did on the router, after the commit (as `cut`). */
  async reconnect(actor: AuthUser, id: number, nota: string): Promise<Contract> {
    const contract = await this.change(actor, id, 'reconnect', async (row) => {
      if (!row.activo) throw conflict('contract_cancelled', CANCELLED);
      if (!row.cortado) throw conflict('not_cut', 'El servicio no está cortado; no hay nada que reconectar.');
      return { changes: { cortado: false, ...this.pending(row) }, text: withNote('Servicio reconectado.', nota) };
    });
    return this.onRouter(contract);
  }

  /** 'pendiente' for a contract with a router, set in the same transaction as the flag. */
  private pending(row: ContractRow) {
    if (row.routerId === null) return {};
    return { estadoRed: 'pendiente' as const, estadoRedMensaje: null, estadoRedFecha: this.now() };
  }

  private networkStateAfterEdit(routerId: number | null) {
    if (routerId === null) return { estadoRed: null, estadoRedMensaje: null, estadoRedFecha: null };
    return { estadoRed: 'pendiente' as const, estadoRedMensaje: null, estadoRedFecha: this.now() };
  }

  private async onRouter(contract: Contract): Promise<Contract> {
    if (contract.idRouter === null) return contract;
    await this.routerControl.enforce(contract.id, this.opts.routerWaitMs ?? ROUTER_WAIT_MS);
    return this.get(contract.id);
  }

  /** 409 when another active contract on the router uses the PPPoE user or the IP. */
  private async checkPlacement(routerId: number, id: number | null, user: string, ip: string, tx?: Db) {
    const taken = await this.network.placementTaken(routerId, id, user, ip, tx);
    if (!taken) return;
    if (taken.by === 'usuarioPppoe')
      throw conflict(
        'pppoe_user_taken',
        `El usuario PPPoE ${user} ya lo usa otro contrato en ese router (cliente ${taken.id}).`,
        { usuarioPppoe: ['Ya lo usa otro contrato en ese router'] },
      );
    throw conflict('ip_taken', `La IP ${ip} ya la usa otro contrato en ese router (cliente ${taken.id}).`, {
      ipCliente: ['Ya la usa otro contrato en ese router'],
    });
  }

  private async checkRouter(input: ContractInput): Promise<void> {
    if (input.idRouter === undefined || input.idRouter === null) return;
    if (!(await this.network.routerExists(input.idRouter)))
      throw badRequest('El router elegido no existe.', { idRouter: ['El router elegido no existe'] });
  }

  /** Cancelar Contrato: ends the contract, and its service is cut on the router (as Cortar). */
  async cancel(actor: AuthUser, id: number, motivo: string): Promise<Contract> {
    const contract = await this.change(actor, id, 'cancel', async (row) => {
      if (!row.activo) throw conflict('contract_cancelled', 'El contrato ya está cancelado.');
      return {
        changes: { activo: false, fechaCancelacion: this.now(), motivoCancelacion: motivo, ...this.pending(row) },
        text: `Contrato cancelado. Motivo: ${motivo}`,
      };
    });
    return this.onRouter(contract);
  }

  async payments(id: number, page: Page): Promise<Paged<CustomerPayment>> {
    if (!(await this.repo.findById(id))) throw notFound(NO_CONTRACT);
    return this.repo.payments(id, page);
  }

  /**
   * One state change in one transaction: lock the row, check the rule, save, write the Registro entry
   * (naming the user who acted) and the audit record.
   */
  private async change(
    actor: AuthUser,
    id: number,
    action: string,
    decide: (
      row: ContractRow,
      tx: Db,
    ) => Promise<{ changes: Parameters<CustomersRepository['updateState']>[1]; text: string }>,
  ): Promise<Contract> {
    const calendar = await this.settings.calendar();
    const contract = await this.repo.transaction(async (tx) => {
      const before = await this.repo.findById(id, tx, true);
      if (!before) throw notFound(NO_CONTRACT);
      const { changes, text } = await decide(before, tx);
      const row = await this.repo.updateState(before, changes, tx);
      const today = this.today();
      const after = toContract(row, today, calendar);
      await this.log(tx, after, actor, text);
      await this.audit.record(
        {
          actor,
          action,
          entity: 'contract',
          entityId: id,
          before: toContract(before, today, calendar),
          after,
        },
        tx,
      );
      return after;
    });
    await this.announce(contract);
    return contract;
  }

  /** After the commit: every connection hears that the contract changed (open panels refetch it). */
  private async announce(contract: Contract): Promise<void> {
    const event: ContractChangedEvent = { id: contract.id, version: contract.version };
    await afterCommit(this.opts.log, 'ContractChanged push failed', () =>
      this.opts.hub?.emitToAll(CONTRACT_CHANGED_EVENT, event),
    );
  }

  private async log(tx: Db, contract: Contract, actor: AuthUser, text: string): Promise<void> {
    await this.logs.insert(
      { contratoId: contract.id, idcliente: contract.idcliente, log1: text, userId: actor.id },
      tx,
    );
  }

  private valuesOf(input: ContractInput): ContractValues {
    return {
      nombre: input.nombre,
      calle: input.calle,
      numero: input.numero,
      colonia: input.colonia,
      comunidad: input.comunidad,
      estado: input.estado,
      cp: input.cp,
      telefono: input.telefono,
      email: input.email,
      tipo: input.tipo,
      monto: input.monto,
      costoInstalacion: input.costoInstalacion,
      mac: input.mac,
      fechaContratacion: input.fechaContratacion,
      idGrupo: input.idGrupo,
      facturar: input.facturar,
      fechaAgenda: input.fechaAgenda ? toInstant(input.fechaAgenda, this.opts.businessTz) : null,
      ...(input.idRouter !== undefined ? { routerId: input.idRouter } : {}),
      ...(input.usuarioPppoe !== undefined ? { usuarioPppoe: input.usuarioPppoe } : {}),
      ...(input.ipCliente !== undefined ? { ipCliente: input.ipCliente } : {}),
      ...(input.passwordPppoe ? { passwordPppoeEnc: this.opts.seal?.(input.passwordPppoe) } : {}),
    };
  }

  /** The edit form's fields as the Registro shows them (the visit date in the business time zone). */
  private comparable(r: ContractRow) {
    return {
      nombre: r.nombre,
      calle: r.calle,
      numero: r.numero,
      colonia: r.colonia,
      comunidad: r.comunidad,
      estado: r.estado,
      cp: r.cp,
      telefono: r.telefono,
      email: r.email,
      tipo: r.tipo,
      monto: r.monto,
      costoInstalacion: r.costoInstalacion,
      mac: r.mac,
      fechaContratacion: r.fechaContratacion,
      idGrupo: r.idGrupo,
      facturar: r.facturar,
      fechaAgenda: r.fechaAgenda ? formatDateTime(r.fechaAgenda, this.opts.businessTz) : null,
      idRouter: r.routerId,
      usuarioPppoe: r.usuarioPppoe,
      ipCliente: r.ipCliente,
    };
  }
}

function withNote(text: string, nota: string): string {
  return nota ? `${text} Nota: ${nota}` : text;
}
