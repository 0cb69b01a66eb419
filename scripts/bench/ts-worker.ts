// A worker thread whose entry is one of the bench's TypeScript modules: the worker registers tsx itself (a
// worker's own entry module does not go through the parent's loader hooks).
import { Worker } from 'node:worker_threads';

export function tsWorker(entry: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
