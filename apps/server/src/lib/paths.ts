import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this module: the same answer from the
 * TypeScript sources (src/lib) and from the compiled bundle (dist), so files read at run time (migrations,
 * the built web app, `.env`) are found either way.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@airlink/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`apps/server/package.json not found above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** The repository's root: where `npm start` runs and where `.env` lives. */
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
export const defaultWebDistFolder = path.join(repoRoot, 'apps/web/dist');
