import {
  amountOwed,
  businessDate,
  businessTime,
  cutDecision,
  cutoffDate,
  daysBetween,
  dayOffReason,
  dayOffText,
  isRunDay,
  lastPaidUntilPastCutoff,
  needsShareConfirmation,
  nextRunDay,
  type AutomationRun,
  type AutomationRunDetail,
  type AutomationSettings,
  type BusinessCalendar,
  type CutDecision,
  type CutPreview,
  type NoCutMarkItem,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import { fullName } from '../../db/user-name';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { CustomersService } from '../customers/customers.service';
import type { SettingsService } from '../settings/settings.service';
import type { AutomationRepository, RunRow } from './automation.repository';

/** The job of the schedule: every minute it checks whether today's run is due. */
export const SCHEDULED_CUTS_JOB = 'cortes-programados';
/** The job of one approved run (queued by the schedule, retried with backoff by the runner). */
export const CUT_RUN_JOB = 'cortes-programados:ejecutar';

/** How long a run waits for each contract's router before recording 'pendiente' (it goes on in the background). */
export const RUN_ROUTER_WAIT_MS = 6_000;

const SKIP_REASONS: Record<Exclude<CutDecision, { cut: true }>['reason'], string> = {
  cancelado: 'El contrato está cancelado.',
  cortado: 'El servicio ya estaba cortado.',
  sin_autorizar: 'El contrato no está autorizado.',
  al_corriente: 'Ya no está vencido: su fecha de corte no ha pasado.',
  no_cortar: "Marcado 'no cortar'.",
};
const PAID_DURING_RUN = 'Registró un pago durante la ejecución; no se cortó.';
const NO_RUN = 'La ejecución no existe.';

export interface AutomationServiceOptions {
  businessTz: string;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  routerWaitMs?: number;
  /** Test seam: runs before each contract of a run is cut (the payment-during-run race). */
  beforeEachCut?: (contractId: number) => Promise<void>;
}

/** What this module uses of the job runner (ctx.jobs; reached through the context, not its module). */
export interface JobScheduler {
  define(
    name: string,
    handler: (payload: unknown) => Promise<string | void>,
    def?: { leaseSeconds?: number; maxAttempts?: number },
  ): void;
  schedule(name: string, everySeconds: number): void;
  send(name: string, payload: unknown, opts: { singletonKey?: string }): Promise<unknown>;
}

/**
 * Cortes programados (issue 15): the schedule's settings, 'no cortar' marks, the preview of a run date,
 * approvals, runs (each contract cut through the customers' Cortar, so the router, `estadoRed` and
 * reconciliation apply) and the undo of a whole run.
 */
export class AutomationService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: AutomationRepository,
    private readonly audit: AuditService,
    private readonly customers: Pick<CustomersService, 'cutChecked' | 'reconnect'>,
    private readonly settingsService: Pick<SettingsService, 'calendar'>,
    private readonly opts: AutomationServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Registers the jobs: the schedule every minute, and the run job (lease renewed while it works). */
  register(jobs: JobScheduler): void {
    jobs.define(SCHEDULED_CUTS_JOB, () => this.tick(), { maxAttempts: 1 });
    jobs.define(
      CUT_RUN_JOB,
      async (payload) => {
        const id = (payload as { id?: unknown }).id;
        if (typeof id === 'number') await this.execute(id);
      },
      { leaseSeconds: 120, maxAttempts: 3 },
    );
    jobs.schedule(SCHEDULED_CUTS_JOB, 60);
    this.jobs = jobs;
  }
  private jobs: JobScheduler | null = null;

  /** Test seam: `fn` runs before each contract of a run is cut (the payment-during-run race). */
  setBeforeEachCut(fn: ((contractId: number) => Promise<void>) | undefined): void {
    this.opts.beforeEachCut = fn;
  }

  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  async settings(): Promise<AutomationSettings> {
    return (await this.repo.settings()).value;
  }

  async saveSettings(actor: AuthUser, input: AutomationSettings): Promise<AutomationSettings> {
    const before = await this.settings();
    await this.repo.transaction(async (tx) => {
      await this.repo.saveSettings(input, actor.id, tx);
      await this.audit.record(
        { actor, action: 'update', entity: 'scheduled_cuts', entityId: null, before, after: input },
        tx,
      );
    });
    return input;
  }

  /** Who a run on `fecha` cuts (default: the next run day after today), with days late and amount owed. */
  async preview(fecha?: string): Promise<CutPreview> {
    const calendar = await this.settingsService.calendar();
    const date = fecha ?? nextRunDay(this.today(), calendar);
    const activos = await this.repo.activeContracts();
    const empty = { contratos: [], activos, requiereConfirmacion: false, aprobada: false, hoy: this.today() };
    if (!date) return { fecha: null, diaHabil: false, noHabil: null, ...empty };
    // A weekend or holiday: no run happens, so nobody is listed (whoever is late is cut on the next run day).
    const off = dayOffReason(date, calendar);
    if (off) return { fecha: date, diaHabil: false, noHabil: dayOffText(off), ...empty };
    const limit = (await this.settings()).limitePorcentaje;
    const contratos = await this.dueOn(date, calendar);
    const live = await this.repo.liveRunOfDate(date);
    return {
      fecha: date,
      diaHabil: true,
      noHabil: null,
      contratos,
      activos,
      requiereConfirmacion: needsShareConfirmation(contratos.length, activos, limit),
      aprobada: live !== null,
      hoy: this.today(),
    };
  }

  private async dueOn(date: string, calendar: BusinessCalendar) {
    const rows = await this.repo.candidates(lastPaidUntilPastCutoff(date, calendar));
    return rows
      .filter(
        (r) =>
          cutDecision(
            {
              ...r,
              noCortar: r.noCortarHasta ? { motivo: r.noCortarMotivo ?? '', hasta: r.noCortarHasta } : null,
            },
            date,
            calendar,
          ).cut,
      )
      .map((r) => ({
        idContrato: r.id,
        no: r.no,
        nombre: r.nombre,
        comunidad: r.comunidad,
        pagadoHasta: r.pagadoHasta,
        fechaCorte: cutoffDate(r.pagadoHasta, calendar),
        diasRetraso: Math.max(0, daysBetween(r.pagadoHasta, date)),
        adeudo: amountOwed(r.pagadoHasta, date, r.monto),
      }));
  }

  /** Checks the date and the share guard before a run is approved or run now. */
  private async checkRunnable(fecha: string, confirmar: boolean): Promise<void> {
    const calendar = await this.settingsService.calendar();
    if (!isRunDay(fecha, calendar))
      throw conflict('not_run_day', 'Ese día no es hábil (fin de semana o día festivo): no se programan cortes.');
    const preview = await this.preview(fecha);
    if (preview.contratos.length === 0) throw conflict('not_run_day', 'No hay contratos por cortar en esa fecha.');
    if (preview.requiereConfirmacion && !confirmar) {
      const limit = (await this.settings()).limitePorcentaje;
      throw conflict(
        'confirmation_required',
        `Se cortarían ${preview.contratos.length} de ${preview.activos} contratos activos, más del ${limit} %. Confirma para continuar.`,
      );
    }
  }

  /** Approves the run of a date (today or later); the schedule runs it at its time of day. */
  async approve(actor: AuthUser, fecha: string, confirmar: boolean): Promise<AutomationRun> {
    if (fecha < this.today()) throw badRequest('La fecha ya pasó.', { fecha: ['Elige hoy o una fecha posterior'] });
    await this.checkRunnable(fecha, confirmar);
    const run = await this.repo.transaction(async (tx) => {
      const row = await this.repo.insertRun({ fecha, modo: 'aprobacion', confirmada: confirmar, userId: actor.id }, tx);
      if (!row) throw conflict('run_exists', 'Esa fecha ya tiene una ejecución aprobada o hecha.');
      await this.audit.record(
        { actor, action: 'approve', entity: 'scheduled_cut_run', entityId: row.id, after: row },
        tx,
      );
      return row;
    });
    return this.summary(run.id);
  }

  /** 'Ejecutar ahora': today's list is cut now, on a run day; answers with the per-contract results. */
  async runNow(actor: AuthUser, confirmar: boolean): Promise<AutomationRunDetail> {
    const fecha = this.today();
    await this.checkRunnable(fecha, confirmar);
    const run = await this.repo.transaction(async (tx) => {
      const row = await this.repo.insertRun({ fecha, modo: 'aprobacion', confirmada: confirmar, userId: actor.id }, tx);
      if (!row)
        throw conflict('run_exists', 'Hoy ya hay una ejecución aprobada o hecha; se ejecuta a su hora o ya se hizo.');
      await this.audit.record({ actor, action: 'run', entity: 'scheduled_cut_run', entityId: row.id, after: row }, tx);
      return row;
    });
    await this.execute(run.id);
    return this.detail(run.id);
  }

  /**
   * The schedule's minute: on a run day, once its time of day has come, runs the approved run of today
   * (approval mode) or creates and runs it (automatic mode). The runner enqueues this once across instances.
   */
  async tick(): Promise<void> {
    const s = await this.settings();
    if (!s.activo) return;
    const now = this.now();
    const today = businessDate(now, this.opts.businessTz);
    if (businessTime(now, this.opts.businessTz) < s.hora) return;
    if (!isRunDay(today, await this.settingsService.calendar())) return;
    let run: RunRow | null = await this.repo.runOfDate(today);
    if (!run && s.modo === 'automatico') {
      const { updatedBy } = await this.repo.settings();
      run = await this.repo.insertRun({ fecha: today, modo: 'automatico', confirmada: false, userId: updatedBy });
    }
    if (!run || (run.estado !== 'aprobada' && run.estado !== 'en_curso')) return;
    if (this.jobs) await this.jobs.send(CUT_RUN_JOB, { id: run.id }, { singletonKey: `run:${run.id}` });
    else await this.execute(run.id);
  }

  /**
   * Executes a run: each contract of the date's list is cut unless, under its row lock, it no longer
   * qualifies or has a payment registered after the run started. A run that would cut more than the share
   * limit without confirmation stops before cutting anyone. A retried run resumes where it stopped.
   */
  async execute(id: number): Promise<void> {
    const run = await this.repo.startRun(id);
    if (!run) return;
    const started = run.iniciada!;
    const calendar = await this.settingsService.calendar();
    const limit = (await this.settings()).limitePorcentaje;
    const list = await this.dueOn(run.fecha, calendar);
    const done = await this.repo.doneContracts(id);
    if (done.size === 0 && !run.confirmada) {
      const active = await this.repo.activeContracts();
      if (needsShareConfirmation(list.length, active, limit)) {
        await this.repo.finishRun(
          id,
          'requiere_confirmacion',
          `Se detuvo sin cortar: cortaría ${list.length} de ${active} contratos activos, más del ${limit} %. Apruébala con confirmación o usa 'Ejecutar ahora'.`,
        );
        return;
      }
    }
    const actor = await this.actorOf(run);
    if (!actor) {
      await this.repo.finishRun(id, 'requiere_confirmacion', 'Nadie guardó el programa: apruébala una persona.');
      return;
    }
    // The progress is 'x of total': the contracts handled before a retry plus those left now.
    await this.repo.setTotal(id, done.size + list.filter((item) => !done.has(item.idContrato)).length);
    for (const item of list) {
      if (done.has(item.idContrato)) continue;
      await this.opts.beforeEachCut?.(item.idContrato);
      const base = { ejecucionId: id, contratoId: item.idContrato, diasRetraso: item.diasRetraso, adeudo: item.adeudo };
      try {
        const outcome = await this.customers.cutChecked(
          actor,
          item.idContrato,
          `Corte programado del ${run.fecha}.`,
          async (row, tx) => {
            const mark = await this.repo.noCutOf(row.id, tx);
            const decision = cutDecision({ ...row, noCortar: mark }, run.fecha, calendar);
            if (!decision.cut) return SKIP_REASONS[decision.reason];
            if (await this.repo.paidSince(row.id, started, tx)) return PAID_DURING_RUN;
            return null;
          },
          this.opts.routerWaitMs ?? RUN_ROUTER_WAIT_MS,
        );
        if ('skipped' in outcome) {
          await this.repo.addResult({ ...base, resultado: 'omitido', mensaje: outcome.skipped });
          continue;
        }
        const c = outcome.contract;
        const resultado = c.estadoRed === 'error' ? 'error' : c.estadoRed === 'pendiente' ? 'pendiente' : 'cortado';
        const mensaje =
          c.idRouter === null
            ? 'Sin router asignado: se marcó como cortado, el router no se tocó.'
            : c.estadoRed === 'error'
              ? c.estadoRedMensaje
              : c.estadoRed === 'pendiente'
                ? 'El router no respondió a tiempo; la conciliación lo completará.'
                : null;
        await this.repo.addResult({ ...base, resultado, mensaje, cortadoPorEjecucion: true });
      } catch (err) {
        const message = err instanceof AppError ? err.message : 'Error inesperado al cortar este contrato.';
        if (!(err instanceof AppError))
          this.opts.log?.error({ err, contractId: item.idContrato }, 'scheduled cut failed');
        await this.repo.addResult({ ...base, resultado: 'error', mensaje: message });
      }
    }
    const [summary] = await this.repo.listRuns(1, [id]);
    await this.repo.finishRun(
      id,
      'terminada',
      summary
        ? `Cortados: ${summary.cortados}; con error en el router: ${summary.errores}; omitidos: ${summary.omitidos}.`
        : null,
    );
  }

  private async actorOf(run: RunRow): Promise<AuthUser | null> {
    if (run.userId === null) return null;
    const u = await this.repo.user(run.userId);
    if (!u) return null;
    return {
      id: u.id,
      email: u.email,
      userName: u.userName,
      name: fullName(u),
      level: u.idPerfilUsuario,
      picture: u.picture,
      sessionId: '',
      tokenExpiresAt: new Date(0),
    };
  }

  /**
   * Undoes a finished run (level 20): reconnects exactly the contracts the run cut, through Reconectar
   * (router, Registro, audit); one reconnected since (a payment) is left as it is and said so.
   */
  async undo(actor: AuthUser, id: number): Promise<AutomationRunDetail> {
    const run = await this.repo.transaction(async (tx) => {
      const row = await this.repo.claimUndo(id, actor.id, tx);
      if (!row) {
        if (!(await this.repo.findRun(id, tx))) throw notFound(NO_RUN);
        throw conflict('run_not_undoable', 'Solo se deshace una ejecución terminada (y una sola vez).');
      }
      await this.audit.record({ actor, action: 'undo', entity: 'scheduled_cut_run', entityId: id, after: row }, tx);
      return row;
    });
    for (const contractId of await this.repo.cutByRun(run.id)) {
      try {
        const c = await this.customers.reconnect(actor, contractId, `Se deshizo el corte programado del ${run.fecha}.`);
        await this.repo.markReconnected(run.id, contractId, c.estadoRed === 'error' ? c.estadoRedMensaje : null);
      } catch (err) {
        const message = err instanceof AppError ? err.message : 'Error inesperado al reconectar este contrato.';
        await this.repo.markReconnected(run.id, contractId, message);
      }
    }
    return this.detail(run.id);
  }

  /** Withdraws the approval of a run that has not started; the date can be approved again. */
  async cancelApproval(actor: AuthUser, id: number): Promise<AutomationRun> {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.claimCancel(id, actor.id, tx);
      if (!row) {
        if (!(await this.repo.findRun(id, tx))) throw notFound(NO_RUN);
        throw conflict('run_not_cancellable', 'Solo se cancela una aprobación que aún no empieza a cortar.');
      }
      await this.audit.record({ actor, action: 'cancel', entity: 'scheduled_cut_run', entityId: id, after: row }, tx);
    });
    return this.summary(id);
  }

  async listRuns(): Promise<AutomationRun[]> {
    return this.repo.listRuns(100);
  }

  private async summary(id: number): Promise<AutomationRun> {
    const [run] = await this.repo.listRuns(1, [id]);
    if (!run) throw notFound(NO_RUN);
    return run;
  }

  async detail(id: number): Promise<AutomationRunDetail> {
    const run = await this.summary(id);
    return { ...run, resultados: await this.repo.results(id) };
  }

  noCutMarks(): Promise<NoCutMarkItem[]> {
    return this.repo.noCutMarks();
  }

  async setNoCut(actor: AuthUser, contratoId: number, motivo: string, hasta: string): Promise<NoCutMarkItem[]> {
    if (!(await this.repo.contractExists(contratoId)))
      throw notFound('El contrato no existe. Revisa el número de cliente.');
    if (hasta < this.today())
      throw badRequest('La fecha de fin ya pasó.', { hasta: ['Elige hoy o una fecha posterior'] });
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.setNoCut(contratoId, motivo, hasta, actor.id, tx);
      await this.audit.record(
        {
          actor,
          action: 'update',
          entity: 'no_cut',
          entityId: contratoId,
          before,
          after: { motivo, hasta },
        },
        tx,
      );
    });
    return this.noCutMarks();
  }

  async deleteNoCut(actor: AuthUser, contratoId: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.deleteNoCut(contratoId, tx);
      if (!before) throw notFound("Ese contrato no tiene marca de 'no cortar'.");
      await this.audit.record({ actor, action: 'delete', entity: 'no_cut', entityId: contratoId, before }, tx);
    });
  }
}
