import type { Plan, PlanInput } from '@airlink/domain';
import { afterCommit, type AfterCommitLog } from '../../lib/after-commit';
import { notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { PlansRepository } from './plans.repository';

const NO_PLAN = 'El plan no existe.';

/**
 * Plans (docs/business-rules.md "Plans"): listed for everyone signed in, edited at level 20. A contract keeps
 * its own monthly amount when a plan's changes. A speed change is announced to the listeners (the router work
 * takes it to every router) after the commit.
 */
export class PlansService {
  private readonly speedListeners: ((planId: number) => Promise<void> | void)[] = [];

  constructor(
    private readonly repo: PlansRepository,
    private readonly audit: AuditService,
    private readonly opts: { now?: () => Date; log?: AfterCommitLog } = {},
  ) {}

  list(): Promise<Plan[]> {
    return this.repo.list();
  }

  /** A plan, or undefined (the router work reads it). */
  find(id: number): Promise<Plan | undefined> {
    return this.repo.find(id);
  }

  async get(id: number): Promise<Plan> {
    const plan = await this.repo.find(id);
    if (!plan) throw notFound(NO_PLAN);
    return plan;
  }

  /** Called after a committed change of a plan's speed (or burst). */
  onSpeedChange(listener: (planId: number) => Promise<void> | void): void {
    this.speedListeners.push(listener);
  }

  async update(actor: AuthUser, id: number, input: PlanInput): Promise<Plan> {
    const { nombre, monto, bajadaMbps, subidaMbps, rafaga } = input;
    let speedChanged = false;
    const plan = await this.repo.transaction(async (tx) => {
      const before = await this.repo.find(id, tx, true);
      if (!before) throw notFound(NO_PLAN);
      const after = await this.repo.update(
        id,
        { nombre, monto, bajadaMbps, subidaMbps, rafaga },
        this.opts.now?.() ?? new Date(),
        tx,
      );
      if (!after) throw notFound(NO_PLAN);
      speedChanged =
        before.bajadaMbps !== after.bajadaMbps ||
        before.subidaMbps !== after.subidaMbps ||
        JSON.stringify(before.rafaga) !== JSON.stringify(after.rafaga) ||
        before.nombre !== after.nombre; // the profile's name follows the plan's
      await this.audit.record({ actor, action: 'update', entity: 'plan', entityId: id, before, after }, tx);
      return after;
    });
    if (speedChanged)
      for (const listener of this.speedListeners)
        await afterCommit(this.opts.log, 'plan change on the routers failed', async () => {
          await listener(id);
        });
    return plan;
  }
}
