// `npm test`: lint, format, import boundaries, unused code (knip), type check, unit and integration tests
// (PGlite; PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set), then the browser tests
// when Chromium is found.
// Ends with one summary line "N passed, N failed".
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, run } from './lib.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

async function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  if (code !== 0) failures.push(name);
  return code;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  skipped += r.stats?.skipped ?? 0;
}

await step('ESLint', 'npx', ['eslint', '.', '--max-warnings=0']);
// The gates of docs/architecture.md: format, import boundaries without cycles, nothing unused.
await step('Prettier (formato)', 'npm', ['run', '--silent', 'check:format']);
await step('Límites de importación y ciclos (dependency-cruiser)', 'npm', ['run', '--silent', 'check:imports']);
await step('Archivos y exportaciones sin usar (knip)', 'npm', ['run', '--silent', 'check:unused']);
await step('TypeScript', 'npm', ['run', '--silent', 'typecheck']);

const vitestJson = path.join(tmp, 'vitest.json');
if (process.env.TEST_DATABASE_URL)
  console.log('PostgreSQL: ' + process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@'));
if (process.env.TEST_REDIS_URL) console.log('Redis: ' + process.env.TEST_REDIS_URL);
await step('Vitest (dominio, web, servidor)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestJson);

// The web's first screen and chunks stay under their size limits (docs/performance.md).
if ((await step('Tamaño de la web (primera pantalla)', process.execPath, ['scripts/check-bundle-size.mjs'])) === 0)
  passed++;
else failed++;

// The reliability suite in its short form (docs/reliability.md): SIGKILLs and lost connections on PostgreSQL.
if (process.env.TEST_DATABASE_URL) {
  const code = await step('Caos (PostgreSQL, forma corta)', process.execPath, [
    '--import',
    'tsx',
    'scripts/chaos.ts',
    '--short',
  ]);
  if (code === 0) passed++;
  else failed++;
}

const chromium = findChromium();
if (chromium) {
  const pwJson = path.join(tmp, 'playwright.json');
  await step('Playwright (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    CHROMIUM_PATH: chromium,
  });
  countPlaywright(pwJson);
} else if (process.env.REQUIRE_E2E) {
  console.error('\n✖ No se encontró Chromium y REQUIRE_E2E está activo.');
  failures.push('Chromium');
} else {
  console.log('\n⚠ Pruebas de navegador omitidas: no se encontró Chromium (apt-get install -y chromium).');
}

rmSync(tmp, { recursive: true, force: true });
if (failures.length) console.error(`\n✖ Falló: ${failures.join(', ')}`);
console.log(
  `\n${passed} passed, ${failed + (failures.length && !failed ? failures.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
