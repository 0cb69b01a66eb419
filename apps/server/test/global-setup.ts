import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database and dumps it, so each test file starts from a copy in well under a second. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'airlink-template-'));
  const file = path.join(dir, 'template.tar');
  if (process.env.TEST_DB !== 'postgres') {
    const dump = await dumpPglite();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
