import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths';
import { freePort } from './test-app';

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-built-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const { buildServerIfStale, serverEntry, demoEntry, startEntry, SERVER_NODE_OPTIONS } = (await import(
  path.join(repoRoot, 'scripts/lib.mjs')
)) as {
  buildServerIfStale(): Promise<void>;
  serverEntry: string;
  demoEntry: string;
  startEntry(env: NodeJS.ProcessEnv): string;
  SERVER_NODE_OPTIONS: string[];
};
// The real build (scripts/build-server.mjs), shared with `npm test`'s browser lane: rebuilt only when stale.
beforeAll(() => buildServerIfStale());

const serverDir = path.join(repoRoot, 'apps/server');

/**
 * Every file of the bundle an entry loads, following its static imports, re-exports and dynamic `import()`s
 * (relative specifiers: npm packages stay external), read from the built JavaScript itself.
 */
function bundleFiles(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const specifier = /\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const m of readFileSync(file, 'utf8').matchAll(specifier)) {
      const next = path.resolve(path.dirname(file), m[1]!);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** The source files (relative to apps/server) compiled into those bundle files, from their source maps. */
function sourcesOf(files: string[]): Set<string> {
  const sources = new Set<string>();
  for (const file of files) {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const s of map.sources) sources.add(path.relative(serverDir, path.resolve(path.dirname(file), s)));
  }
  return sources;
}

/** Names only the demo defines: its fakes' starters and its data builders. */
const DEMO_NAMES = [
  'startFakeRouterOs',
  'startFakeAirosServer',
  'startFakeEvolutionServer',
  'startFakeOidcProvider',
  'startDemoRouters',
  'seedDemo',
  'buildDemoData',
];

describe('npm start (scripts/start.mjs)', () => {
  it('runs the production entry with NODE_ENV=production, from the environment or the env file, else the demo', () => {
    const envFile = (text: string) => {
      const file = path.join(tmp, `start-${Math.random().toString(36).slice(2)}.env`);
      writeFileSync(file, text);
      return file;
    };
    expect(startEntry({ NODE_ENV: 'production', ENV_FILE: envFile('') })).toBe(serverEntry);
    expect(startEntry({ ENV_FILE: envFile('NODE_ENV=production\n') })).toBe(serverEntry);
    // The environment wins over the file, as the server reads them (src/lib/env-file.ts).
    expect(startEntry({ NODE_ENV: 'development', ENV_FILE: envFile('NODE_ENV=production\n') })).toBe(demoEntry);
    expect(startEntry({ ENV_FILE: envFile('DEMO_DATA=true\n') })).toBe(demoEntry);
  });
});

describe('the production bundle and the demo bundle', () => {
  it('dist/server.js reaches no file of src/demo/ and holds no fake, statically or by dynamic import', () => {
    const files = bundleFiles(serverEntry);
    const sources = sourcesOf(files);
    expect(sources).toContain('src/server.ts');
    expect(sources).toContain('src/start-server.ts');
    expect([...sources].filter((s) => s.startsWith('src/demo/'))).toEqual([]);
    const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(DEMO_NAMES.filter((name) => code.includes(name))).toEqual([]);
  });

  it('dist/demo.js reaches the fakes, the demo data and the same production server (the check above can fail)', () => {
    const files = bundleFiles(demoEntry);
    const sources = sourcesOf(files);
    for (const s of [
      'src/demo/main.ts',
      'src/demo/fakes/routeros/fake-server.ts',
      'src/demo/fakes/airos/fake-server.ts',
      'src/demo/fakes/evolution/fake-server.ts',
      'src/demo/fakes/oidc/fake-server.ts',
      'src/demo/seed/demo.ts',
      'src/start-server.ts',
    ])
      expect(sources).toContain(s);
    const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(DEMO_NAMES.filter((name) => !code.includes(name))).toEqual([]);
  });
});

/** Polls until the server answers: the limit catches a hang, not a busy machine (the start took 114 s at load 30). */
async function waitForHealth(url: string, child: { exitCode: number | null }, ms = 180_000): Promise<void> {
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
  it("is started with the same Node options by npm start, apps/server's start and the bench", () => {
    const scripts = (file: string) =>
      (JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(SERVER_NODE_OPTIONS).toContain('--max-semi-space-size=64');
    expect(scripts('apps/server/package.json').start).toBe(`node ${SERVER_NODE_OPTIONS.join(' ')} dist/server.js`);
    expect(readFileSync(path.join(repoRoot, 'scripts/start.mjs'), 'utf8')).toContain('...SERVER_NODE_OPTIONS');
    // The bench measures the app in its own process: with the young generation production has.
    expect(scripts('package.json').bench).toContain('--max-semi-space-size=64');
  });

  it('runs in production as compiled JavaScript, without a TypeScript loader and without demo sign-in', async () => {
    const port = await freePort();
    // As `npm start` and apps/server's `start` run it (scripts/lib.mjs SERVER_NODE_OPTIONS).
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverEntry], {
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
      expect(cmdline).toContain('--max-semi-space-size=64');
      const maps = readFileSync(`/proc/${child.pid}/maps`, 'utf8');
      expect(maps).not.toContain('tsx');
      const devUsers = await fetch(`http://127.0.0.1:${port}/api/auth/dev-users`);
      expect(devUsers.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  }, 240_000);
});
