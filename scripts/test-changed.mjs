// `npm run test:changed`: the part of `npm test` a change touches, for the minutes before a commit.
//   npm run test:changed                  what is not committed yet (staged, unstaged and new files) against HEAD
//   npm run test:changed -- --base main   everything since the branch left main (commits and the work tree)
// Runs at once: ESLint and Prettier on the changed files; dependency-cruiser from the changed files; tsc on every
// project the change can reach (the domain reaches all of them), incremental (node_modules/.cache/tsc); vitest on the
// tests of the changed areas (below). knip, the
// size check, the chaos run and the browser tests need the whole tree: `npm test` runs them.
// Ends with one summary line "N passed, N failed" like `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, runStep } from './lib.mjs';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

const baseArg = process.argv.indexOf('--base');
const baseRef = baseArg > 0 ? process.argv[baseArg + 1] : 'HEAD';
if (!baseRef) {
  console.error('Uso: npm run test:changed [-- --base <rama o commit>]');
  process.exit(2);
}
/** The commit the work tree is compared with: HEAD, or where the branch left --base. */
const base = baseRef === 'HEAD' ? 'HEAD' : git('merge-base', baseRef, 'HEAD');

const changed = [
  ...new Set([
    ...lines(git('diff', '--name-only', '--diff-filter=d', base)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ]),
].filter((f) => existsSync(path.join(root, f)));

console.log(`Cambios frente a ${baseRef === 'HEAD' ? 'HEAD' : `${baseRef} (${base.slice(0, 10)})`}: ${changed.length}`);
for (const f of changed.slice(0, 20)) console.log(`  ${f}`);
if (changed.length > 20) console.log(`  … y ${changed.length - 20} más`);
if (!changed.length) {
  console.log('\n0 passed, 0 failed');
  process.exit(0);
}

const code = (f) => /\.(ts|tsx|mjs|js)$/.test(f);
const lintable = changed.filter(code);
const underAny = (f, dirs) => dirs.some((d) => f === d || f.startsWith(`${d}/`));

/**
 * The tsc projects a change can reach: the domain is imported everywhere, the server by the scripts (bench, chaos)
 * and the e2e setup; a shared config reaches every project.
 */
const reach = {
  'packages/domain': ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'scripts'],
  'apps/server': ['apps/server', 'scripts', 'e2e'],
  'apps/web': ['apps/web'],
  e2e: ['e2e'],
  scripts: ['scripts'],
};
const projects = new Set();
for (const f of changed) {
  if (/^(tsconfig\.base\.json|package(-lock)?\.json)$/.test(f))
    for (const p of reach['packages/domain']) projects.add(p);
  if (f === 'playwright.config.ts') projects.add('e2e');
  for (const [dir, reached] of Object.entries(reach))
    if (underAny(f, [dir]) && (code(f) || f.endsWith('tsconfig.json'))) for (const p of reached) projects.add(p);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-changed-'));
const failures = [];
let passed = 0;
let failed = 0;
let skipped = 0;

async function step(name, cmd, args, opts) {
  const { code: exit } = await runStep(name, cmd, args, opts);
  if (exit !== 0) failures.push(name);
  return exit;
}

/**
 * The tests a change touches. The server's app imports every module and the web's routes every page, so following
 * imports (`vitest related`) reaches nearly every test from any module; a module's own tests are chosen by its area
 * instead: a changed file's sibling test (x.ts -> x.test.ts), every test inside its area's folder (a server module
 * or integration, a web feature, a domain folder) and the server's test files named after the area
 * (modules/payments -> test/payments*.test.ts). A changed route file adds the strict-input table and the api-contract
 * test. Files outside any area (app.ts, plugins, lib, db, the test setup) fall back to `vitest related`.
 */
const allTests = lines(git('ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts', '*.test.tsx'));
const isTest = (f) => /\.test\.tsx?$/.test(f);
const areaOf = (f) =>
  /^(apps\/server\/src\/(?:modules|integrations)\/[^/]+|apps\/web\/src\/features\/[^/]+|packages\/domain\/src\/[^/]+)\//.exec(
    f,
  )?.[1];
const selected = new Set(changed.filter(isTest));
const unmapped = [];
for (const f of changed.filter((f) => code(f) && !isTest(f) && underAny(f, ['apps', 'packages']))) {
  const stem = f.replace(/\.(ts|tsx|mjs|js)$/, '');
  for (const t of allTests) if (t.startsWith(`${stem}.test.`)) selected.add(t);
  const area = areaOf(f);
  if (!area) {
    unmapped.push(f);
    continue;
  }
  const name = area.split('/').pop();
  for (const t of allTests)
    if (t.startsWith(`${area}/`) || (area.startsWith('apps/server/') && t.startsWith(`apps/server/test/${name}`)))
      selected.add(t);
  if (f.endsWith('.routes.ts'))
    for (const t of ['apps/server/test/strict-input.test.ts', 'apps/server/test/api-contract.test.ts'])
      if (allTests.includes(t)) selected.add(t);
}
/** vitest's own triggers: a changed config, setup or package.json reruns every test. */
const rerunAll = changed.some((f) => /(^|\/)(package\.json|vitest\.config\.ts|vite\.config\.ts)$/.test(f));

const vitestJson = path.join(tmp, 'vitest.json');
const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`];
const vitestArgs = rerunAll
  ? ['vitest', 'run', ...reporters]
  : unmapped.length
    ? ['vitest', 'related', '--run', '--passWithNoTests', ...reporters, ...unmapped, ...selected]
    : ['vitest', 'run', '--passWithNoTests', ...reporters, ...selected];
console.log(
  rerunAll
    ? '\nVitest: todas las pruebas (cambió una configuración)'
    : `\nVitest: ${selected.size} archivos de prueba del área${unmapped.length ? ` y los que importan ${unmapped.length} archivos fuera de un área` : ''}`,
);
const steps = [];
if (rerunAll || unmapped.length || selected.size)
  steps.push(
    step('Vitest (pruebas del cambio)', 'npx', vitestArgs, { live: true }).then(() => {
      if (!existsSync(vitestJson)) return;
      const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    }),
  );
if (lintable.length)
  steps.push(
    step('ESLint (archivos cambiados)', 'npx', ['eslint', '--max-warnings=0', '--no-warn-ignored', ...lintable]),
  );
const cruised = lintable.filter((f) => underAny(f, ['apps', 'packages', 'e2e', 'scripts']));
if (cruised.length)
  steps.push(
    step('Límites de importación (desde los archivos cambiados)', 'npx', [
      'depcruise',
      '--config',
      '.dependency-cruiser.mjs',
      ...cruised,
    ]),
  );
steps.push(
  step('Prettier (archivos cambiados)', 'npx', [
    'prettier',
    '--check',
    '--ignore-unknown',
    '--log-level',
    'warn',
    ...changed,
  ]),
);
for (const p of projects)
  steps.push(
    step(`TypeScript (${p})`, 'npx', [
      'tsc',
      '-p',
      p,
      '--incremental',
      '--tsBuildInfoFile',
      path.join('node_modules/.cache/tsc', `${p.replace(/\//g, '-')}.tsbuildinfo`),
    ]),
  );

await Promise.all(steps);
rmSync(tmp, { recursive: true, force: true });

const specs = changed.filter((f) => f.startsWith('e2e/') && f.endsWith('.spec.ts'));
if (specs.length)
  console.log(`\nPruebas de navegador cambiadas (no se corren aquí): npx playwright test ${specs.join(' ')}`);
if (failures.length) console.error(`\n✖ Falló: ${failures.join(', ')}`);
console.log(
  `\n${passed} passed, ${failed + (failures.length && !failed ? failures.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
