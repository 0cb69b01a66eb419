// `npm run dev`: API with reload on port 3000 (the demo entry: demo data and fakes outside production) and the Vite
// dev server on 5173 (proxying /api and the hub).
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/demo/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
