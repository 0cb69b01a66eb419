// Compiles the server (and its command-line tools) to JavaScript in apps/server/dist with esbuild, so
// `npm start` runs plain Node without a TypeScript loader. The domain package is bundled in (it ships
// TypeScript sources); every npm dependency stays external and is loaded from node_modules.
// Two server entries: dist/server.js (production, no demo code) and dist/demo.js (src/demo/main.ts: the demo's
// data and fakes, then the same server); apps/server/test/built-server.test.ts walks both bundles' imports.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The repository root, computed here rather than imported from lib.mjs (which loads this file: no cycle).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');

export async function buildServer() {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    (name) => name !== '@airlink/domain',
  );
  // Built beside and swapped in at the end, so a server already running from dist keeps its files meanwhile.
  const tmp = `${outdir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: 'src/server.ts',
      demo: 'src/demo/main.ts',
      'rotate-secrets': 'src/cli/rotate-secrets.ts',
      seed: 'src/demo/seed/cli.ts',
    },
    absWorkingDir: serverDir,
    outdir: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    external,
    logLevel: 'warning',
  });
  // Marks the output as ES modules for Node, whatever the nearest package.json says.
  writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
  const old = `${outdir}.old-${process.pid}`;
  try {
    if (existsSync(outdir)) renameSync(outdir, old);
    renameSync(tmp, outdir);
  } catch (err) {
    // Two builds at once (two test runners starting servers): the other one's output is as good as ours.
    if (!existsSync(outdir)) throw err;
  }
  rmSync(tmp, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`Servidor compilado en ${path.relative(root, outdir)}`);
}
