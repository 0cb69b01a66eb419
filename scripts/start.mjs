// `npm start`: builds the web app and the server when their sources changed, then runs the compiled server
// (plain JavaScript, no TypeScript loader) on PORT (default 3000) with the embedded database and demo data
// unless DATABASE_URL says otherwise.
import { spawn } from 'node:child_process';
import { buildServerIfStale, buildWebIfStale, root, serverEntry } from './lib.mjs';

await buildWebIfStale();
await buildServerIfStale();
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
