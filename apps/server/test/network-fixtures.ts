import type { Contract, Router } from '@airlink/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import type { BuildOptions } from '../src/app';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** The clock of the network tests (a business day, mid-morning in Mexico City). */
export const NETWORK_NOW = new Date('2026-10-16T17:00:00Z');
/** The password of the API user on the tests' fake routers. */
export const ROUTER_PASSWORD = 'r0uter-s3cret';
/** The default suspension list (docs/network.md). */
export const SUSPENSION_LIST = 'airlink-cortados';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function ok<T>(res: LightMyRequestResponse, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

type FakeOptions = Parameters<typeof startFakeRouterOs>[0];

/** What the network tests share: the app with short router timeouts, routers on fakes, the contract form. */
export interface NetworkTest {
  /** The app (valid inside tests, after the suite's beforeAll). */
  readonly m: MoneyTestApp;
  call(method: Method, url: string, level: number | null, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Resolves when no router work runs in the background. */
  idle(): Promise<void>;
  /** A fake RouterOS (stopped after the suite). */
  fakeRouter(opts?: FakeOptions): Promise<FakeRouterOs>;
  /** POST /api/MikrotikRouters on 127.0.0.1:`port` as the fakes' user, `over` replacing any field. */
  createRouter(port: number, over?: Record<string, unknown>): Promise<Router>;
  getContract(id: number): Promise<Contract>;
  /** Saves the contract form (the fields the form sends, with the current version) with `over` changed. */
  editContract(id: number, over: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** 'Autorizar Contrato' (level 18), after which the router work has finished. */
  authorize(id: number): Promise<Contract>;
}

/**
 * Registers the suite's beforeAll/afterAll: a money test app at NETWORK_NOW whose router work times out in about a
 * second (a router that hangs fails quickly here), and the fakes the suite starts, stopped at the end.
 */
export function useNetworkTestApp(opts: { logStream?: BuildOptions['logStream'] } = {}): NetworkTest {
  let app: MoneyTestApp | undefined;
  const fakes: FakeRouterOs[] = [];
  beforeAll(async () => {
    app = await createMoneyTestApp(() => NETWORK_NOW, { logStream: opts.logStream });
    app.t.app.ctx.routerControl.configure({ connectTimeoutMs: 1_000, commandTimeoutMs: 700 });
  });
  afterAll(async () => {
    await app?.t.close();
    await Promise.all(fakes.map((f) => f.stop()));
  });
  const m = () => {
    if (!app) throw new Error('the network test app starts in beforeAll');
    return app;
  };
  const net: NetworkTest = {
    get m() {
      return m();
    },
    call: (method, url, level, payload) => m().call(method, url, level, payload),
    idle: () => m().t.app.ctx.routerControl.idle(),
    async fakeRouter(options = {}) {
      const fake = await startFakeRouterOs({ users: [{ name: 'airlink', password: ROUTER_PASSWORD }], ...options });
      fakes.push(fake);
      return fake;
    },
    async createRouter(port, over = {}) {
      return ok<Router>(
        await net.call('POST', '/api/MikrotikRouters', 20, {
          host: '127.0.0.1',
          port,
          username: 'airlink',
          password: ROUTER_PASSWORD,
          ...over,
        }),
        201,
      );
    },
    getContract: async (id) => ok<Contract>(await net.call('GET', `/api/contratos/${id}`, 17)),
    async editContract(id, over) {
      const c = await net.getContract(id);
      const form = {
        nombre: c.nombre,
        calle: c.calle,
        colonia: c.colonia,
        comunidad: c.comunidad,
        telefono: c.telefono,
        tipo: c.tipo,
        monto: c.monto,
        costoInstalacion: c.costoInstalacion,
        fechaContratacion: c.fechaContratacion,
        version: c.version,
        idRouter: c.idRouter,
        usuarioPppoe: c.usuarioPppoe,
        ipCliente: c.ipCliente,
      };
      return net.call('PUT', `/api/contratos/${id}`, 16, { ...form, ...over });
    },
    async authorize(id) {
      const c = await ok<Contract>(await net.call('GET', `/api/contratos/${id}/authorize`, 18));
      await net.idle();
      return c;
    },
  };
  return net;
}
