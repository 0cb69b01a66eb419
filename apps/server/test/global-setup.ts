import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { adminQuery, settleDatabase, withDatabase } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test file's database is copied from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Migrates the database once per run, so each test file starts from a copy instead of running every migration:
 * PGlite: a migrated data dir dumped to a file (loadDataDir); PostgreSQL: a migrated template database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'airlink-template-'));
  const file = path.join(dir, 'template.tar');
  let pgTemplate = '';
  // The project's env (TEST_DB) reaches its test files, not this process: read it from the project's config.
  if (project.config.env?.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    pgTemplate = `airlink_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${pgTemplate}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, pgTemplate) });
    await database.close();
    // CREATE DATABASE … TEMPLATE refuses a template anyone is still connected to.
    await settleDatabase(adminUrl, pgTemplate, { keep: true });
  } else {
    const dump = await dumpPglite();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', pgTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgTemplate && process.env.TEST_DATABASE_URL) await settleDatabase(process.env.TEST_DATABASE_URL, pgTemplate);
  };
}
