import { DEFAULT_PLANS, profileNameOf, rateLimitOf } from '@airlink/domain';
import type { Db } from '../db/client';
import { DEMO_ROUTER_USER, demoRouterSubnet, demoRouterWanMbps } from './seed/build-network';
import { buildDemoRouterSeed, startFakeRouterOs, type FakeRouterOs } from './fakes/routeros/fake-server';
import type { SecretBox } from '../lib/secret-box';
import { NetworkRepository } from '../modules/network/network.repository';

/** The password of the demo's fake routers (sealed into `routers.password_enc` at start). */
export const DEMO_ROUTER_PASSWORD = 'airlink-demo';

/**
 * The demo's routers on loopback: one fake RouterOS per stored router, holding a PPPoE secret and an IP for
 * each contract the seed assigned to it (the same names and addresses: buildDemoRouterSeed), on the port the
 * seed stored (another free one when it is taken). Each router row gets the fake's port and the demo
 * password sealed with the app's key, so Cortar, Reconectar and Probar conexión work on a fresh clone.
 * The fakes start in their own state (some customers already listed as cut): the app's first
 * reconciliation brings them in line with the contracts.
 */
export async function startDemoRouters(
  db: Db,
  secrets: SecretBox,
  host: string,
): Promise<{ stop(): Promise<void>; byRouter: Map<number, FakeRouterOs> }> {
  const repo = new NetworkRepository(db);
  const fakes = new Map<number, FakeRouterOs>();
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  for (const router of await repo.listRouters()) {
    if (router.host !== '127.0.0.1' || router.username !== DEMO_ROUTER_USER) continue;
    const contracts = await repo.contractsWithRouter(router.id);
    const customers = contracts.length;
    const options = {
      host: loopback,
      identity: router.hostname || `router-${router.id}`,
      users: [{ name: DEMO_ROUTER_USER, password: DEMO_ROUTER_PASSWORD }],
      seed: buildDemoRouterSeed({
        customers,
        subnet: demoRouterSubnet(router.id),
        suspensionList: router.suspensionList,
        // Traffic in proportion to its customers, not the same WAN on every router.
        wanMbps: demoRouterWanMbps(customers),
        provisioned: router.provisioningMode === 'pppoe' ? provisionedAccounts(contracts) : undefined,
        orphans: 3,
      }),
      redialAfterMs: 5_000,
    };
    const fake = await startFakeRouterOs({ ...options, port: router.port }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      return startFakeRouterOs({ ...options, port: 0 });
    });
    fakes.set(router.id, fake);
    const opened = router.passwordEnc ? safeOpen(secrets, router.passwordEnc) : null;
    if (fake.port !== router.port || opened !== DEMO_ROUTER_PASSWORD)
      await repo.updateRouter(router.id, { port: fake.port, passwordEnc: secrets.seal(DEMO_ROUTER_PASSWORD) });
  }
  return {
    byRouter: fakes,
    async stop() {
      await Promise.all([...fakes.values()].map((f) => f.stop()));
    },
  };
}

/**
 * A PPPoE demo router comes provisioned: every customer's secret on its plan's profile with AirLink's comment,
 * except every 25th, left on the operator's old profile ('velocidad distinta' until the first reconciliation
 * repairs it, which the inventory shows before and the router's events after).
 */
function provisionedAccounts(contracts: { usuarioPppoe: string; tipo: number; comentario: string }[]) {
  const plans = new Map(DEFAULT_PLANS.map((p) => [p.id, p]));
  const accounts = new Map<string, { profile: string; comment: string }>();
  contracts.forEach((c, i) => {
    const plan = plans.get(c.tipo);
    if (plan && (i + 1) % 25 !== 0)
      accounts.set(c.usuarioPppoe, { profile: profileNameOf(plan), comment: c.comentario });
  });
  return {
    profiles: DEFAULT_PLANS.map((p) => ({
      name: profileNameOf(p),
      rateLimit: rateLimitOf(p),
      comment: `airlink:plan:${p.id}`,
    })),
    accounts,
  };
}

function safeOpen(secrets: SecretBox, sealed: string): string | null {
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}
