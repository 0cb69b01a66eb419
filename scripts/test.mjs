// `npm test`: lint, format, import boundaries, unused code (knip), type check, unit and integration tests
// (PGlite; PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set), the web's size check, the short
// chaos run (PostgreSQL), then the browser tests when Chromium is found.
// Independent steps overlap in three lanes (docs/performance.md, "The test suite"):
//   tests    vitest, every project (its output is shown as it comes);
//   browser  the web and the server are built once, then the size check reads that build, the chaos run and
//            Playwright's server (scripts/start.mjs) run it without building again;
//   gates    ESLint, Prettier, dependency-cruiser, knip and tsc, TEST_GATE_JOBS at a time (default 1), at a lower
//            CPU priority (nice 10) than the two test lanes.
// The other lanes' output is shown when each step ends. Ends with one summary line "N passed, N failed".
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, runStep, serverBuildIsStale, webBuildIsStale } from './lib.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** The failed tests by name, listed again at the very end (a CI log's tail then says which tests failed). */
const failedTests = [];
const timings = [];

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const load = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
};

/**
 * A larger young generation for every Node process of the run (vitest's workers, tsc, ESLint): fewer scavenges of
 * the short-lived objects a test run makes (the web project: 163 s against 175 s, 7 % less CPU).
 */
const NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');

/** Runs one step (lib.mjs's runStep) and records its time and outcome. Resolves with the exit code. */
async function step(name, cmd, args, opts = {}) {
  const { code, ms } = await runStep(name, cmd, args, { ...opts, env: { NODE_OPTIONS, ...opts.env } });
  timings.push({ name, ms, code, load: load() });
  if (code !== 0) failures.push(name);
  return code;
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failedTests.push(`vitest ${where} › ${t.fullName ?? t.title}`);
    // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
    if (file.status === 'failed' && !tests.length) failedTests.push(`vitest ${where} › ${firstLine(file.message)}`);
  }
}

/** Walks Playwright's JSON report: suites hold specs (and nested suites), specs hold one test per project. */
function playwrightProblems(suites, out = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          out.push(`playwright ${spec.file}:${spec.line} › ${spec.title}${t.status === 'flaky' ? ' (inestable)' : ''}`);
    playwrightProblems(suite.suites, out);
  }
  return out;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  skipped += r.stats?.skipped ?? 0;
  failedTests.push(...playwrightProblems(r.suites));
}

/** A step that counts as one test of the summary (the size check, the chaos run). */
async function countedStep(...args) {
  if ((await step(...args)) === 0) passed++;
  else failed++;
}

if (process.env.TEST_DATABASE_URL)
  console.log('PostgreSQL: ' + process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@'));
if (process.env.TEST_REDIS_URL) console.log('Redis: ' + process.env.TEST_REDIS_URL);

// The compiled server first (esbuild, seconds): vitest's built-server test, the chaos run and Playwright's server
// all run it, and none of them then builds it again.
const serverBuilt = serverBuildIsStale()
  ? (await step('Compilar el servidor', process.execPath, ['scripts/build-server.mjs'])) === 0
  : true;

async function testsLane() {
  const vitestJson = path.join(tmp, 'vitest.json');
  await step(
    'Vitest (dominio, web, servidor)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    { live: true },
  );
  countVitest(vitestJson);
}

async function browserLane() {
  // One build of the web (apps/web/dist, the one `npm start` serves) for the size check and the browser tests.
  const webBuilt = webBuildIsStale()
    ? (await step('Compilar la web', 'npm', ['run', '--silent', 'build', '-w', 'apps/web'])) === 0
    : true;
  // The web's first screen and chunks stay under their size limits (docs/performance.md).
  if (webBuilt)
    await countedStep('Tamaño de la web (primera pantalla)', process.execPath, [
      'scripts/check-bundle-size.mjs',
      '--dist',
      'apps/web/dist',
    ]);
  else failed++;

  // The reliability suite in its short form (docs/reliability.md): SIGKILLs and lost connections on PostgreSQL.
  if (process.env.TEST_DATABASE_URL) {
    if (serverBuilt)
      await countedStep('Caos (PostgreSQL, forma corta)', process.execPath, [
        '--import',
        'tsx',
        'scripts/chaos.ts',
        '--short',
      ]);
    else failed++;
  }

  const chromium = findChromium();
  if (chromium) {
    if (!webBuilt || !serverBuilt) {
      failures.push('Playwright (Chromium): sin compilación');
      return;
    }
    const pwJson = path.join(tmp, 'playwright.json');
    await step('Playwright (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, CHROMIUM_PATH: chromium },
    });
    countPlaywright(pwJson);
  } else if (process.env.REQUIRE_E2E) {
    console.error('\n✖ No se encontró Chromium y REQUIRE_E2E está activo.');
    failures.push('Chromium');
  } else {
    console.log('\n⚠ Pruebas de navegador omitidas: no se encontró Chromium (apt-get install -y chromium).');
  }
}

/** The static gates of docs/architecture.md: lint, format, import boundaries without cycles, nothing unused, types. */
const gates = [
  ['ESLint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Prettier (formato)', 'npm', ['run', '--silent', 'check:format']],
  ['Límites de importación y ciclos (dependency-cruiser)', 'npm', ['run', '--silent', 'check:imports']],
  ['Archivos y exportaciones sin usar (knip)', 'npm', ['run', '--silent', 'check:unused']],
  // `npm run typecheck`, one project per step.
  ...['packages/domain', 'apps/server', 'apps/web', 'e2e', 'scripts'].map((p) => [
    `TypeScript (${p})`,
    'npx',
    ['tsc', '-p', p],
  ]),
];

async function gatesLane() {
  const jobs = Math.max(1, Number(process.env.TEST_GATE_JOBS) || 1);
  const queue = [...gates];
  // The gates are off the critical path (vitest, then Playwright, take longest): at a lower priority they use the
  // cores the tests leave idle instead of slowing them (docs/performance.md, "The test suite").
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await step(...next, { nice: 10 });
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

await Promise.all([testsLane(), browserLane(), gatesLane()]);

rmSync(tmp, { recursive: true, force: true });
console.log(`\nTiempos (total ${secs(Date.now() - started)}; carga al terminar cada paso):`);
for (const t of timings)
  console.log(`  ${t.code === 0 ? '✔' : '✖'} ${secs(t.ms).padStart(8)}  ${t.name}  (carga ${t.load})`);
if (failedTests.length) console.error(`\nPruebas fallidas:\n${failedTests.map((t) => `  ✖ ${t}`).join('\n')}`);
if (failures.length) console.error(`\n✖ Falló: ${failures.join(', ')}`);
console.log(
  `\n${passed} passed, ${failed + (failures.length && !failed ? failures.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
