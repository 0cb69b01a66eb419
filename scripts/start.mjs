// `npm start`: builds the web app and the server when their sources changed, then runs the compiled server
// (plain JavaScript, no TypeScript loader) on PORT (default 3000) with the embedded database and demo data
// unless DATABASE_URL says otherwise. Outside production it runs the demo entry (apps/server/dist/demo.js: the
// demo's data and fakes, then the server); with NODE_ENV=production the production entry (dist/server.js).
import { spawn } from 'node:child_process';
import { buildServerIfStale, buildWebIfStale, root, SERVER_NODE_OPTIONS, startEntry } from './lib.mjs';

await buildWebIfStale();
await buildServerIfStale();
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, startEntry()], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
