// Small helpers shared by the start, test and screenshot scripts (plain Node, no dependencies).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time below a folder or of a file (0 when missing). */
export function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when the built web app is missing or older than its sources. */
export function webBuildIsStale() {
  const built = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'packages/domain/src',
  ];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return newestSource > statSync(built).mtimeMs;
}

/** The compiled production server (scripts/build-server.mjs): no demo code. */
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

/** The compiled demo entry (src/demo/main.ts): the demo's data and fakes, then the same server. */
export const demoEntry = path.join(root, 'apps/server/dist/demo.js');

/**
 * Node's options for the server: stack traces that name the TypeScript files, and a 64 MB young generation (the
 * default 16 MB made a scavenge every ~120 ms under load, each a 2–10 ms pause of every request in flight: the p99
 * of the busiest reads; docs/performance.md "A larger young generation"). apps/server's own `start` script and
 * `npm run bench` pass the same.
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=64'];

/**
 * What `npm start` runs: the production server when NODE_ENV is production (in the environment, or else in the
 * `.env` file or ENV_FILE, as the server reads them: src/lib/env-file.ts), the demo entry otherwise. The demo
 * entry starts only the demo parts the configuration turns on, so outside production both start the same server.
 */
export function startEntry(env = process.env) {
  let nodeEnv = env.NODE_ENV;
  if (nodeEnv === undefined) {
    const file = env.ENV_FILE?.trim() ? path.resolve(root, env.ENV_FILE.trim()) : path.join(root, '.env');
    if (existsSync(file)) nodeEnv = parseEnv(readFileSync(file, 'utf8')).NODE_ENV;
  }
  return nodeEnv === 'production' ? serverEntry : demoEntry;
}

/** True when the compiled server is missing or older than the server's or the domain's sources. */
export function serverBuildIsStale() {
  if (!existsSync(serverEntry) || !existsSync(demoEntry)) return true;
  const sources = ['apps/server/src', 'apps/server/package.json', 'packages/domain/src', 'scripts/build-server.mjs'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return newestSource > Math.min(statSync(serverEntry).mtimeMs, statSync(demoEntry).mtimeMs);
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  console.log('Compilando el servidor…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Compilando la aplicación web…');
  const code = await run('npm', ['run', 'build', '-w', 'apps/web']);
  if (code !== 0) {
    console.error('No se pudo compilar la aplicación web.');
    process.exit(code);
  }
}

/**
 * Runs one named step of a suite (scripts/test.mjs, scripts/test-changed.mjs). `live` shows its output as it comes;
 * otherwise the output is kept and shown as one block when the step ends, so that steps running at the same time
 * do not mix their lines. Resolves with the exit code and the time taken in ms.
 */
export function runStep(name, cmd, args, { env = {}, live = false, nice = 0 } = {}) {
  const t0 = Date.now();
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  if (live) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    // A lower priority (`nice`, 0 to 19) for a step off the critical path; what it starts inherits it.
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: the step runs at the normal priority.
      }
    }
    const out = [];
    child.stdout?.on('data', (chunk) => out.push(chunk));
    child.stderr?.on('data', (chunk) => out.push(chunk));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const ms = Date.now() - t0;
      const mark = code === 0 ? '✔' : '✖';
      if (live) console.log(`${mark} ${name} (${secs(ms)})`);
      else {
        const text = Buffer.concat(out).toString().trimEnd();
        console.log(`\n▶ ${name} ${mark} (${secs(ms)})${text ? `\n${text}` : ''}`);
      }
      resolve({ code, ms });
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

/** Debian's Chromium, or CHROMIUM_PATH. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((c) => existsSync(c)) ?? null;
}
