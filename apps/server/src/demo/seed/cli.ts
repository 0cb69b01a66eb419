/**
 * Demo data from the command line (run from apps/server):
 *   node --import tsx src/demo/seed/cli.ts seed    reference data, and the demo into an empty database
 *   node --import tsx src/demo/seed/cli.ts reset   erase everything, migrate and seed again
 * Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite; relative to the repository root,
 * default ./data, where `npm start` keeps it).
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadEnvironment } from '../../lib/env-file';
import { repoRoot } from '../../lib/paths';
import { openDatabase, type Database } from '../../db/client';
import { seedBase } from '../../db/base-data';
import { seedDemo } from './demo';

/** Kept on reset: the generated APP_SECRET, so existing encrypted secrets and tokens stay valid. */
const KEEP_ON_RESET = new Set(['app-secret']);

interface Target {
  kind: 'pglite' | 'postgres';
  dataDir?: string;
  databaseUrl?: string;
  label: string;
}

function target(env: NodeJS.ProcessEnv): Target {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    return { kind: 'postgres', databaseUrl, label: `PostgreSQL ${url.hostname}:${url.port || '5432'}${url.pathname}` };
  }
  const dir = env.DATA_DIR?.trim() || './data';
  const dataDir = path.isAbsolute(dir) ? dir : path.resolve(repoRoot, dir);
  return { kind: 'pglite', dataDir, label: `PGlite en ${dataDir}` };
}

function open(t: Target): Promise<Database> {
  return openDatabase(t.kind === 'postgres' ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir });
}

async function seed(t: Target): Promise<void> {
  let started = Date.now();
  const database = await open(t);
  console.log(`Base de datos abierta y migrada en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  started = Date.now();
  try {
    await seedBase(database.db);
    console.log('Datos base listos: cuentas, categorías de gasto y datos de la empresa.');
    const result = await seedDemo(database.db);
    if (!result.seeded) {
      console.log(`No se crearon datos de demostración: ${result.reason ?? 'la base de datos no está vacía'}.`);
      console.log('Para empezar de cero use: npm run db:reset');
      return;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Datos de demostración creados en ${seconds} s:`);
    for (const [label, n] of Object.entries(result.counts ?? {})) {
      console.log(`  ${label.padEnd(30, '.')} ${n.toLocaleString('es-MX')}`);
    }
    console.log('Usuarios de demostración: soporte@, tecnico@, cajero@, supervisor@, gerente@ y admin@airlink.mx');
  } finally {
    await database.close();
  }
}

async function erase(t: Target): Promise<void> {
  if (t.kind === 'postgres') {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('DROP SCHEMA public CASCADE');
      await client.query('CREATE SCHEMA public');
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    } finally {
      await client.end();
    }
    console.log('Se borraron todas las tablas de la base de datos.');
    return;
  }
  const dir = t.dataDir ?? '';
  if (!existsSync(dir)) {
    console.log('No había base de datos que borrar.');
    return;
  }
  for (const entry of readdirSync(dir)) {
    if (!KEEP_ON_RESET.has(entry)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  console.log('Se borró la base de datos embebida (se conserva app-secret).');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  if (command !== 'seed' && command !== 'reset') {
    console.error('Uso: node --import tsx src/demo/seed/cli.ts seed|reset [--force]');
    console.error('  seed   crea los datos base y, si la base de datos está vacía, los de demostración');
    console.error('  reset  borra toda la base de datos, aplica las migraciones y vuelve a sembrar');
    return 2;
  }
  const env = loadEnvironment();
  const t = target(env);
  console.log(`Base de datos: ${t.label}`);
  if (command === 'reset') {
    if (env.NODE_ENV === 'production' && !flags.includes('--force')) {
      console.error('NODE_ENV=production: para borrar la base de datos agregue --force.');
      return 1;
    }
    if (t.kind === 'pglite')
      console.log('Asegúrese de que el servidor esté detenido mientras se reinicia la base de datos.');
    await erase(t);
  }
  await seed(t);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
