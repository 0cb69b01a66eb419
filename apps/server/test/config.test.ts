import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, appSecretProblem, hasLowVariety, loadConfig } from '../src/config';
import { loadEnvironment } from '../src/lib/env-file';
import { repoRoot } from '../src/lib/paths';
import { createTestApp } from './test-app';

const STRONG_SECRET = 'q7Vd2mK9xZ4pL8rT1wB6nY3cH5gJ0fS2uE7aQ9vM4kR8';
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: STRONG_SECRET,
  PUBLIC_URL: 'https://airlink.ejemplo.mx',
  OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'GOCSPX-client-secret',
  DATABASE_URL: 'postgres://airlink@db.internal:5432/airlink',
};

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.lines;
    throw err;
  }
  return [];
}

describe('.env', () => {
  it('is read from the repository root, with the real environment over it', () => {
    const root = mkdtempSync(path.join(tmp, 'root-'));
    writeFileSync(
      path.join(root, '.env'),
      'PORT=4100\nBUSINESS_TZ=America/Monterrey\n# comentario\nPUBLIC_URL="https://de-env.mx"\n',
    );
    const env = loadEnvironment({ PORT: '4200' }, root);
    expect(env.PORT).toBe('4200');
    expect(env.BUSINESS_TZ).toBe('America/Monterrey');
    expect(env.PUBLIC_URL).toBe('https://de-env.mx');
    const config = loadConfig({ ...env, DATA_DIR: path.join(tmp, 'd1') });
    expect(config.port).toBe(4200);
    expect(config.businessTz).toBe('America/Monterrey');
  });

  it('without a file the environment is used as it is; a missing ENV_FILE is an error', () => {
    const root = mkdtempSync(path.join(tmp, 'empty-'));
    expect(loadEnvironment({ PORT: '1' }, root)).toEqual({ PORT: '1' });
    expect(() => loadEnvironment({ ENV_FILE: 'no-existe.env' }, root)).toThrow(/ENV_FILE/);
  });
});

describe('production', () => {
  it('starts with a strong secret, its public address and a real OIDC client; demo sign-in never exists', () => {
    const config = loadConfig(
      { ...PRODUCTION, AUTH_DEV_LOGIN: 'true', DEMO_OIDC: 'true', DEMO_DATA: 'false' },
      { devLogin: true, demoOidc: true },
    );
    expect(config.production).toBe(true);
    expect(config.devLogin).toBe(false);
    expect(config.demoOidc).toBe(false);
  });

  it('refuses to start, one line per missing variable', () => {
    const lines = problemsOf({ NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'p1') });
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'APP_SECRET',
      'PUBLIC_URL',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
    ]);
    expect(lines.every((l) => l.length < 200 && !l.includes('\n'))).toBe(true);
  });

  it('refuses a weak secret and an issuer that is not a real provider', () => {
    expect(problemsOf({ ...PRODUCTION, APP_SECRET: 'corto' })).toEqual([
      expect.stringMatching(/^APP_SECRET: es demasiado corto/),
    ]);
    expect(problemsOf({ ...PRODUCTION, APP_SECRET: 'cambia-esto-por-un-secreto-largo-y-aleatorio' })).toEqual([
      expect.stringMatching(/^APP_SECRET: no parece aleatorio/),
    ]);
    expect(problemsOf({ ...PRODUCTION, OIDC_ISSUER: 'http://localhost:3001/' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER:/),
    ]);
    expect(problemsOf({ ...PRODUCTION, OIDC_ISSUER: 'https://127.0.0.1:9000/' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER:/),
    ]);
  });

  it('judges secrets: random ones pass, repeated or placeholder ones do not', () => {
    expect(appSecretProblem(STRONG_SECRET)).toBeNull();
    expect(appSecretProblem('a'.repeat(64))).toMatch(/no parece aleatorio/);
    expect(appSecretProblem('0123456789'.repeat(4))).toMatch(/no parece aleatorio/);
    expect(appSecretProblem(undefined)).toMatch(/falta/);
  });

  it('judges the variety of a secret, not its length: the alphabet, runs and a repeated piece are refused', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (const weak of [
      alphabet,
      'abcdefghijklmnopqrstuvwxyzABCDEF',
      'zyxwvutsrqponmlkjihgfedcbaZYXWVU',
      'acegikmoqsuwyACEGIKMOQSUWY024688', // every other letter: still one step repeated
      'Zq8vN3kW7pR1tY6u'.repeat(2),
      'Zq8vN3kW7pR1tY6uabcdefghijklmnopqrstuvwxyz0123456789', // a random start does not save a run
    ]) {
      expect(hasLowVariety(weak), weak).toBe(true);
      expect(appSecretProblem(weak), weak).toMatch(/^APP_SECRET: no parece aleatorio/);
    }
    // What the documented commands make passes: base64 and hex, many of each.
    for (let i = 0; i < 200; i++) {
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('hex'),
        randomBytes(16).toString('hex'),
        randomBytes(24).toString('base64url'),
      ]) {
        expect(appSecretProblem(secret), secret).toBeNull();
      }
    }
  });

  it('refuses the demo, plain http to another machine and a secret of low variety, one Spanish line each', () => {
    const cases: Array<[NodeJS.ProcessEnv, string]> = [
      [{ DEMO_DATA: 'true' }, 'DEMO_DATA: la demostración no se permite en producción'],
      [{ PUBLIC_URL: 'http://airlink.ejemplo.mx' }, 'PUBLIC_URL: http://airlink.ejemplo.mx no usa https'],
      [{ PUBLIC_URL: 'http://192.168.1.10:3000' }, 'PUBLIC_URL: http://192.168.1.10:3000 no usa https'],
      [{ APP_SECRET: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' }, 'APP_SECRET: no parece aleatorio'],
      [
        { EVOLUTION_API_URL: 'http://evo.ejemplo.mx:8080' },
        'EVOLUTION_API_URL: http://evo.ejemplo.mx:8080 no usa https',
      ],
    ];
    for (const [change, start] of cases) {
      const lines = problemsOf({ ...PRODUCTION, ...change });
      expect(lines, start).toHaveLength(1);
      expect(lines[0], start).toMatch(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(lines[0]!.length).toBeLessThan(200);
      expect(lines[0]).not.toContain('\n');
    }
    // All at once: one line each.
    expect(
      problemsOf({
        ...PRODUCTION,
        DEMO_DATA: 'true',
        PUBLIC_URL: 'http://airlink.ejemplo.mx',
        APP_SECRET: 'abcdefghijklmnopqrstuvwxyzABCDEF',
        EVOLUTION_API_URL: 'http://evo.ejemplo.mx',
      }).map((l) => l.split(':')[0]),
    ).toEqual(['APP_SECRET', 'PUBLIC_URL', 'DEMO_DATA', 'EVOLUTION_API_URL']);
    // Loopback may stay http (a proxy on the same machine), and https anywhere is fine.
    expect(
      problemsOf({
        ...PRODUCTION,
        PUBLIC_URL: 'http://127.0.0.1:3000',
        EVOLUTION_API_URL: 'http://localhost:8080',
        DEMO_DATA: 'false',
      }),
    ).toEqual([]);
    expect(problemsOf({ ...PRODUCTION, EVOLUTION_API_URL: 'https://evo.ejemplo.mx' })).toEqual([]);
    // Outside production the demo and plain http stay possible.
    expect(
      problemsOf({
        DATA_DIR: path.join(tmp, 'd5'),
        DEMO_DATA: 'true',
        PUBLIC_URL: 'http://airlink.local:3000',
        EVOLUTION_API_URL: 'http://evo.local:8080',
      }),
    ).toEqual([]);
  });

  it('never generates a secret for itself, even with the embedded database', () => {
    const { DATABASE_URL: _url, APP_SECRET: _secret, ...embedded } = PRODUCTION;
    expect(problemsOf({ ...embedded, DATA_DIR: path.join(tmp, 'p2') })).toEqual([
      expect.stringMatching(/^APP_SECRET: falta/),
    ]);
  });

  it('the server process exits with the lines and without a stack', () => {
    const envFile = path.join(tmp, 'empty.env');
    writeFileSync(envFile, '');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'p3'), ENV_FILE: envFile },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No se pudo iniciar AirLink. Configuración inválida:');
    expect(r.stderr).toContain('  - APP_SECRET: falta');
    expect(r.stderr).toContain('  - OIDC_CLIENT_ID: falta');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('development defaults', () => {
  it('listens on 127.0.0.1 unless HOST opens it; embedded demo sign-in is on', () => {
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'd2') });
    expect(config.host).toBe('127.0.0.1');
    expect(config.devLogin).toBe(true);
    expect(config.demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'd2'), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps a generated secret in a data folder only its owner can open', () => {
    const dir = path.join(tmp, 'd3', 'data');
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.appSecret.length).toBeGreaterThanOrEqual(48);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
  });

  it('refuses a short APP_SECRET outside production too', () => {
    expect(problemsOf({ APP_SECRET: 'corto', DATA_DIR: path.join(tmp, 'd4') })).toEqual([
      'APP_SECRET: debe tener al menos 32 caracteres',
    ]);
  });

  it('BUSINESS_TZ defaults to Mexico City and must be a time zone the runtime knows', () => {
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'd2') }).businessTz).toBe('America/Mexico_City');
    expect(problemsOf({ BUSINESS_TZ: 'Mexico/Pachuca', DATA_DIR: path.join(tmp, 'd2') })).toEqual([
      'BUSINESS_TZ: zona horaria desconocida; usa un nombre IANA como America/Mexico_City',
    ]);
  });
});

describe('demo sign-in routes', () => {
  it('do not exist in production', async () => {
    const t = await createTestApp({ config: { production: true, env: 'production' } });
    try {
      for (const [method, url] of [
        ['GET', '/api/auth/dev-users'],
        ['POST', '/api/auth/dev-login'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === 'POST' ? { email: 'admin@test.mx' } : undefined,
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe('not_found');
      }
    } finally {
      await t.close();
    }
  });
});
