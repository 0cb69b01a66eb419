import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { repoRoot } from './paths';

/**
 * The environment the server runs with: the variables of `.env` (at the repository's root, or the file
 * ENV_FILE names) with the real environment over them, so a service manager's variables always win.
 */
export function loadEnvironment(env: NodeJS.ProcessEnv = process.env, root = repoRoot): NodeJS.ProcessEnv {
  const file = env.ENV_FILE?.trim() ? path.resolve(root, env.ENV_FILE.trim()) : path.join(root, '.env');
  if (!existsSync(file)) {
    if (env.ENV_FILE?.trim()) throw new Error(`ENV_FILE: no existe el archivo ${file}`);
    return env;
  }
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}
