// `npm run screenshots`: starts the app on a fresh embedded database with demo data and saves a PNG of
// every page a level-5 and a level-20 user can open (desktop 1366x768 and phone 390x844) in ./screenshots.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGES, canSeePage, type SessionUser } from '@airlink/domain';
import { chromium } from 'playwright-core';
// @ts-expect-error plain ESM helper without types
import { findChromium, root } from './lib.mjs';

const port = Number(process.env.SCREENSHOT_PORT ?? 3998);
const base = `http://127.0.0.1:${port}`;
const out = path.join(root as string, 'screenshots');
const dataDir = mkdtempSync(path.join(tmpdir(), 'airlink-shots-'));
const viewports = [
  { name: 'escritorio', width: 1366, height: 768 },
  { name: 'movil', width: 390, height: 844 },
];

async function waitForHealth(ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('El servidor no respondió a tiempo');
}

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root as string,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    AUTH_DEV_LOGIN: 'true',
    DEMO_DATA: 'true',
    DEMO_OIDC_PORT: '0',
    LOG_LEVEL: 'warn',
  },
});

try {
  await waitForHealth();
  const users = (await (await fetch(`${base}/api/auth/dev-users`)).json()) as {
    email: string;
    idPerfilUsuario: number;
  }[];
  const browser = await chromium.launch({
    executablePath: (findChromium() as string | null) ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let count = 0;
  for (const level of [5, 20]) {
    const demo = users.find((u) => u.idPerfilUsuario === level)!;
    const login = (await (
      await fetch(`${base}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo.email }),
      })
    ).json()) as { token: string; user: SessionUser };
    for (const vp of viewports) {
      const dir = path.join(out, `nivel-${level}`, vp.name);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        locale: 'es-MX',
        timezoneId: 'America/Mexico_City',
      });
      const page = await context.newPage();
      await page.goto(`${base}/logedout?error=${encodeURIComponent('Ejemplo de error')}`);
      await page.screenshot({ path: path.join(dir, 'logedout.png') });
      await page.goto(`${base}/login`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(dir, 'login.png') });
      await page.evaluate(({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      }, login);
      const targets = [...PAGES.filter((p) => canSeePage(level, p)).map((p) => ({ key: p.key, path: p.path }))];
      const denied = PAGES.find((p) => !canSeePage(level, p));
      if (denied) targets.push({ key: 'sin-acceso', path: denied.path });
      // A real customer's panel and the print views (demo customer 1, the first demo receipt).
      targets.push(
        { key: 'profile-cliente-1', path: '/dashboard/profile?id=1' },
        { key: 'recibo-1', path: '/print/receipt/1' },
      );
      if (level >= 16) targets.push({ key: 'contrato-1', path: '/print/contract/1' });
      for (const t of targets) {
        await page.goto(`${base}${t.path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(dir, `${t.key}.png`), fullPage: true });
        count++;
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`${count} capturas guardadas en ${out}`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
