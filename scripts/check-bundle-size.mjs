// The web's first-screen size check (a step of `npm test`, docs/performance.md). Builds apps/web into a temporary
// folder (the real dist is left alone) and reads Vite's manifest:
//   first screen = the entry chunk of index.html and every chunk it imports statically (what the browser loads
//                  and modulepreloads before anything is shown), gzip;
//   route chunks = every other chunk, each gzip; the largest is reported.
//   portal       = the customers' portal (portal.html), its entry and what it imports statically, CSS included, gzip;
// Exits 1 when the first screen is over FIRST_SCREEN_LIMIT, the portal over PORTAL_LIMIT or a chunk over CHUNK_LIMIT.
//   node scripts/check-bundle-size.mjs [--dist <folder already built with a manifest>]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, run } from './lib.mjs';

/** Issue 11's targets, in KiB of gzip. */
const FIRST_SCREEN_TARGET = 150;
const CHUNK_LIMIT = 350;
/**
 * What the check enforces for the first screen: the figure reached (about 116 KiB, docs/performance.md: a shell of
 * plain CSS, without MUI, Emotion, zod, socket.io or notistack) plus a small margin, so that growth fails long before
 * the target does.
 */
const FIRST_SCREEN_LIMIT = 125;
/**
 * Issue 24: the customers' portal (/portal, its own entry portal.html) opens on a phone in under 100 kB of gzip, its
 * CSS included: React and plain CSS, no MUI, Emotion, zod or router (docs/architecture.md "The customers' portal").
 */
const PORTAL_LIMIT_BYTES = 100_000;
/**
 * Reported, not enforced: what an administrator's dashboard loads on top of the first screen before its figures
 * show (the home page, its admin view and MUI's theme, with what they import statically).
 */
const DASHBOARD_ENTRIES = [
  'src/features/home/pages/home-page.tsx',
  'src/features/home/pages/admin-home.tsx',
  'src/components/ui/mui-scope.tsx',
];

const kib = (bytes) => bytes / 1024;
/** The manifest key of a built file (its chunk's entry). */
const keyOf = (manifest, file) => Object.keys(manifest).find((key) => manifest[key].file === file);
const fmt = (bytes) => `${kib(bytes).toFixed(1)} KiB`;

async function main() {
  const given = process.argv.indexOf('--dist');
  let dist = given > 0 ? path.resolve(process.argv[given + 1]) : '';
  let tmp;
  if (!dist) {
    tmp = mkdtempSync(path.join(tmpdir(), 'airlink-web-size-'));
    dist = path.join(tmp, 'dist');
    const code = await run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
    });
    if (code !== 0) {
      rmSync(tmp, { recursive: true, force: true });
      console.error('✖ No se pudo compilar la web.');
      return 1;
    }
  }
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
    const gz = new Map();
    const sizeOf = (file) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
      return gz.get(file);
    };
    const entry = manifest['index.html'];
    if (!entry) throw new Error('el manifiesto no tiene index.html');
    const first = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || first.has(chunk.file)) return;
      first.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit('index.html');
    const firstBytes = [...first].reduce((sum, file) => sum + sizeOf(file), 0);
    const dashboard = new Set(first);
    const visitInto = (set, key) => {
      const chunk = manifest[key];
      if (!chunk || set.has(chunk.file)) return;
      set.add(chunk.file);
      for (const next of chunk.imports ?? []) visitInto(set, next);
    };
    for (const key of DASHBOARD_ENTRIES) {
      if (!manifest[key]) throw new Error(`el manifiesto no tiene ${key}`);
      visitInto(dashboard, key);
    }
    const portal = new Set();
    if (!manifest['portal.html']) throw new Error('el manifiesto no tiene portal.html');
    visitInto(portal, 'portal.html');
    for (const file of [...portal]) for (const css of manifest[keyOf(manifest, file)]?.css ?? []) portal.add(css);
    const portalBytes = [...portal].reduce((sum, file) => sum + sizeOf(file), 0);
    const dashboardBytes = [...dashboard].reduce((sum, file) => sum + sizeOf(file), 0);
    const chunks = Object.values(manifest)
      .map((c) => c.file)
      .filter((file, i, all) => file.endsWith('.js') && all.indexOf(file) === i)
      .map((file) => ({ file, bytes: sizeOf(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    const over = chunks.filter((c) => kib(c.bytes) > CHUNK_LIMIT);

    console.log(`Primera pantalla: ${fmt(firstBytes)} gzip en ${first.size} archivos (index y precargas)`);
    console.log(`  límite de la prueba ${FIRST_SCREEN_LIMIT} KiB; objetivo del issue 11: ${FIRST_SCREEN_TARGET} KiB`);
    for (const file of [...first].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 8))
      console.log(`  ${fmt(sizeOf(file)).padStart(10)}  ${file}`);
    console.log(
      `Tablero del administrador (primera pantalla + inicio + MUI): ${fmt(dashboardBytes)} gzip en ${dashboard.size} archivos`,
    );
    console.log(
      `Portal de clientes: ${fmt(portalBytes)} gzip en ${portal.size} archivos (límite ${PORTAL_LIMIT_BYTES / 1000} kB)`,
    );
    console.log(
      `Trozo más grande: ${chunks[0] ? `${fmt(chunks[0].bytes)} ${chunks[0].file}` : '—'} (límite ${CHUNK_LIMIT} KiB)`,
    );
    let failed = false;
    if (kib(firstBytes) > FIRST_SCREEN_LIMIT) {
      console.error(`✖ La primera pantalla pesa ${fmt(firstBytes)}: más de ${FIRST_SCREEN_LIMIT} KiB.`);
      failed = true;
    }
    if (portalBytes > PORTAL_LIMIT_BYTES) {
      console.error(`✖ El portal de clientes pesa ${fmt(portalBytes)}: más de ${PORTAL_LIMIT_BYTES / 1000} kB.`);
      failed = true;
    }
    for (const c of over) {
      console.error(`✖ ${c.file} pesa ${fmt(c.bytes)}: más de ${CHUNK_LIMIT} KiB.`);
      failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
