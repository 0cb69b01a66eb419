import type { Db } from '../db/client';
import { startFakeAirosServer, type FakeAirosServer } from './fakes/airos/fake-server';
import { NetworkStatsRepository } from '../modules/network-stats/network-stats.repository';

/** Cheap deterministic 0..1 from a radio's id. */
const unit = (n: number) => {
  const x = Math.sin(n * 78.233 + 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * The demo's radios (`npm start` with demo data): one loopback airOS farm serving every radio of the
 * database with its own MAC (a contract's radio is the device whose hwaddr is its `mac`), airOS 6 for the
 * M-series products and airOS 8 for the rest, user `ubnt` with the demo sites' empty password. Radios
 * without a management URL are pointed at it, so the poller reads them as it would real ones.
 */
export async function startDemoRadios(db: Db, host = '127.0.0.1'): Promise<FakeAirosServer> {
  const repo = new NetworkStatsRepository(db);
  const radios = await repo.demoRadios();
  const farm = await startFakeAirosServer({
    host,
    plainHttp: true,
    radios: radios.map((r) => ({
      id: String(r.id),
      family: /\bM\d/.test(r.product) ? 6 : 8,
      username: 'ubnt',
      password: '',
      hostname: r.hostname || `radio-${r.id}`,
      macs: { eth0: r.hwaddr },
      signal: -52 - Math.round(unit(r.id) * 24),
      uptime: 3_600 + Math.round(unit(r.id + 7) * 30 * 86_400),
      lan:
        unit(r.id + 3) < 0.04
          ? { plugged: false, speed: 0, fullDuplex: false }
          : { plugged: true, speed: 100, fullDuplex: true },
    })),
  });
  await repo.pointRadiosAtDemoFarm(`${farm.url}/`);
  return farm;
}
