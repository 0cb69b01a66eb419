import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths';
import { freePort } from './test-app';

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-built-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function waitForHealth(url: string, child: { exitCode: number | null }, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

describe('the built server', () => {
  it('runs in production as compiled JavaScript, without a TypeScript loader and without demo sign-in', async () => {
    const { buildServerIfStale, serverEntry } = (await import(path.join(repoRoot, 'scripts/lib.mjs'))) as {
      buildServerIfStale(): Promise<void>;
      serverEntry: string;
    };
    await buildServerIfStale();
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: path.join(tmp, 'data'),
        ENV_FILE: path.join(repoRoot, 'apps/server/test/fixtures/empty.env'),
        APP_SECRET: 'Zq8vN3kW7pR1tY6uB4mC9xL2hJ5gF0dS-aE7',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
        OIDC_CLIENT_SECRET: 'GOCSPX-test',
        AUTH_DEV_LOGIN: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.some((a) => a.endsWith(path.join('apps/server/dist/server.js')))).toBe(true);
      expect(cmdline.join(' ')).not.toMatch(/tsx|--import|--loader/);
      const maps = readFileSync(`/proc/${child.pid}/maps`, 'utf8');
      expect(maps).not.toContain('tsx');
      const devUsers = await fetch(`http://127.0.0.1:${port}/api/auth/dev-users`);
      expect(devUsers.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
