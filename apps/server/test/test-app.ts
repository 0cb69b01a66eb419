import type { AddressInfo } from 'node:net';
import type { SessionUser } from '@airlink/domain';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { createTestDatabase } from './test-db';

/** Staff at every level the app distinguishes, plus an inactive one. */
export const TEST_USERS = [
  { email: 'soporte@test.mx', nombre: 'Sofía', apellidos: 'Soporte', userName: 'soporte', idPerfilUsuario: 5 },
  { email: 'usuario@test.mx', nombre: 'Ulises', apellidos: 'Usuario', userName: 'usuario', idPerfilUsuario: 10 },
  { email: 'cajero@test.mx', nombre: 'Carla', apellidos: 'Cajera', userName: 'cajero', idPerfilUsuario: 16 },
  {
    email: 'supervisor@test.mx',
    nombre: 'Samuel',
    apellidos: 'Supervisor',
    userName: 'supervisor',
    idPerfilUsuario: 17,
  },
  { email: 'gerente@test.mx', nombre: 'Gema', apellidos: 'Gerente', userName: 'gerente', idPerfilUsuario: 18 },
  { email: 'admin@test.mx', nombre: 'Adriana', apellidos: 'Admin', userName: 'admin', idPerfilUsuario: 20 },
  { email: 'baja@test.mx', nombre: 'Bruno', apellidos: 'Baja', userName: 'baja', idPerfilUsuario: 20, activo: false },
] as const;

export interface TestApp {
  app: App;
  database: Database;
  config: AppConfig;
  /** Signs in through demo sign-in and returns the bearer token and user. */
  login(email: string): Promise<{ token: string; user: SessionUser }>;
  auth(token: string): { authorization: string };
  /** Starts listening on a loopback port (needed for the push hub); returns the base URL. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

/** A loopback port that was free a moment ago (for servers whose own URL must be known up front). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: '/tmp/airlink-test-unused',
      PUBLIC_URL: 'http://localhost:3000',
    },
    { devLogin: true, demoData: false, logLevel: 'warn', webDist: '/nonexistent', ...overrides },
  );
}

/** A whole application on a fresh database with TEST_USERS, as a test's subject. */
export async function createTestApp(
  opts: {
    config?: Partial<AppConfig>;
    database?: Database;
    hubOptions?: BuildOptions['hubOptions'];
    now?: BuildOptions['now'];
    onRoute?: BuildOptions['onRoute'];
    logStream?: BuildOptions['logStream'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  if (!opts.database) await database.db.insert(users).values(TEST_USERS.map((u) => ({ ...u })));
  const config = testConfig(opts.config);
  const app = await buildApp({
    config,
    database,
    logger: false,
    logStream: opts.logStream,
    hubOptions: opts.hubOptions,
    now: opts.now,
    onRoute: opts.onRoute,
  });
  await app.ready();
  let closed = false;
  return {
    app,
    database,
    config,
    async login(email) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
