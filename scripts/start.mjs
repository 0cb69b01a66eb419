// `npm start`: builds the web app when its sources changed, then serves everything on PORT (default 3000)
// with the embedded database and demo data unless DATABASE_URL says otherwise.
import { spawn } from 'node:child_process';
import { buildWebIfStale, root } from './lib.mjs';

await buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
