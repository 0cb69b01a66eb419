// Plans on the router (issue 23) in `npm run bench`: provisioning 500 contracts on one fake router (time, router
// commands per contract) and the inventory of a router holding 5,000 PPP secrets (read and classify; goal < 5 s).
// Probes `provision` and `inventory` (BENCH_ONLY); its own database `<BENCH_DB_NAME>_plans`, made again each run.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { contratos, routers } from '../../apps/server/src/db/schema';
import {
  buildDemoRouterSeed,
  startFakeRouterOs,
  type FakeRouterOs,
} from '../../apps/server/src/demo/fakes/routeros/fake-server';

export const PLANS_PROBES = ['provision', 'inventory'] as const;
const DB = `${process.env.BENCH_DB_NAME ?? 'airlink_bench'}_plans`;
const INVENTORY_GOAL_MS = 5_000;

export async function plansBench(opts: { serverUrl: string; only: string[]; provision: number; secrets: number }) {
  const wanted = (name: string) => opts.only.length === 0 || opts.only.includes(name);
  const admin = new URL(opts.serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${DB}`);
  await client.end();
  const url = new URL(opts.serverUrl);
  url.pathname = `/${DB}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const misses: string[] = [];
  const fakes: FakeRouterOs[] = [];
  let app: App | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: path.join(tmpdir(), 'airlink-bench-unused'),
      PUBLIC_URL: 'https://bench.invalid',
      OIDC_CLIENT_ID: 'bench',
      OIDC_CLIENT_SECRET: 'bench',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      JOBS: 'false',
    });
    app = await buildApp({ config, database, logger: false });
    const { db } = database;
    const addRouter = async (fake: FakeRouterOs) => {
      const [row] = await db
        .insert(routers)
        .values({
          host: '127.0.0.1',
          port: fake.port,
          username: 'bench',
          passwordEnc: app!.ctx.secrets.seal('bench'),
          provisioningMode: 'pppoe',
        })
        .returning({ id: routers.id });
      return row!.id;
    };
    const contracts = (routerId: number, n: number, name: (i: number) => string, ip: (i: number) => string) =>
      Array.from({ length: n }, (_, k) => {
        const i = k + 1;
        return {
          nombre: `Cliente ${i}`,
          calle: 'Av. Juárez',
          colonia: 'Centro',
          comunidad: 'Tizayuca',
          tipo: (i % 8) + 1,
          no: routerId * 100_000 + i,
          monto: 300,
          costoInstalacion: 1300,
          fechaContratacion: '2026-01-05',
          pagadoHasta: '2026-01-05',
          routerId,
          usuarioPppoe: name(i),
          ipCliente: ip(i),
        };
      });
    const insertAll = async (rows: ReturnType<typeof contracts>) => {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 1000)
        ids.push(
          ...(
            await db
              .insert(contratos)
              .values(rows.slice(i, i + 1000))
              .returning({ id: contratos.id })
          ).map((r) => r.id),
        );
      return ids;
    };
    const users = [{ name: 'bench', password: 'bench' }];

    if (wanted('provision')) {
      const fake = await startFakeRouterOs({ version: '7.18.2', users });
      fakes.push(fake);
      const routerId = await addRouter(fake);
      const ids = await insertAll(
        contracts(
          routerId,
          opts.provision,
          (i) => `bench${i}`,
          (i) => `10.60.${Math.floor(i / 250)}.${(i % 250) + 2}`,
        ),
      );
      const before = fake.commandCount;
      const started = performance.now();
      // Two at a time (the router's pool has two connections), as contracts are authorized one by one.
      const queue = [...ids];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift())
          await app!.ctx.routerControl.enforce(id, 120_000);
      };
      await Promise.all([worker(), worker()]);
      await app.ctx.routerControl.idle();
      const ms = performance.now() - started;
      const made = fake.snapshot().secrets.length;
      const calls = (fake.commandCount - before) / ids.length;
      console.log(
        `\nAprovisionar ${ids.length} contratos en un router (PPPoE): ${(ms / 1000).toFixed(1)} s, ` +
          `${(ms / ids.length).toFixed(1)} ms por contrato, ${calls.toFixed(1)} órdenes al router por contrato, ` +
          `${made} secretos creados.`,
      );
      if (made !== ids.length) misses.push(`provision (${made} de ${ids.length} secretos)`);
    }

    if (wanted('inventory')) {
      const fake = await startFakeRouterOs({
        version: '7.18.2',
        users,
        seed: buildDemoRouterSeed({ customers: opts.secrets, subnet: 61, orphans: 50 }),
      });
      fakes.push(fake);
      const routerId = await addRouter(fake);
      // Every secret of the router has its contract (the demo seed's names and addresses), 1 in 10 missing.
      await insertAll(
        contracts(
          routerId,
          opts.secrets,
          (i) => (i % 10 === 0 ? `falta${i}` : `cli${String(i).padStart(4, '0')}`),
          (i) => `10.61.${Math.floor(i / 250)}.${(i % 250) + 2}`,
        ),
      );
      const started = performance.now();
      const inv = await app.ctx.routerPlans.inventory(routerId);
      const ms = performance.now() - started;
      console.log(
        `Inventario de un router con ${opts.secrets + 50} secretos: ${(ms / 1000).toFixed(2)} s (objetivo < 5 s): ` +
          `${inv.vinculados.length} vinculados, ${inv.velocidadDistinta.length} con velocidad distinta, ` +
          `${inv.soloEnRouter.length} solo en el router, ${inv.soloEnAirlink.length} solo en AirLink.`,
      );
      if (ms >= INVENTORY_GOAL_MS) misses.push(`inventory (${(ms / 1000).toFixed(2)} s)`);
    }
  } finally {
    await app?.close();
    await Promise.all(fakes.map((f) => f.stop()));
    await database.close();
  }
  return misses;
}
