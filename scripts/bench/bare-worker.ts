// The bare server's own thread (scripts/bench/bare.ts startBare): starts it, posts its URL, and answers 'gc' (a full
// collection before one of its slices) and 'close'.
import { parentPort, workerData } from 'node:worker_threads';
import { startBareHere, type BareWorkerData, type BareWorkerMessage } from './bare';

const port = parentPort!;
const post = (m: BareWorkerMessage) => port.postMessage(m);
const data = workerData as BareWorkerData;
try {
  const server = await startBareHere(data.databaseUrl, new Map(data.probes), data.poolSize);
  port.on('message', (m: unknown) => {
    if (m === 'gc') void server.gc().then(() => post({ kind: 'collected' }));
    if (m === 'close') void server.close().then(() => post({ kind: 'closed' }));
  });
  post({ kind: 'ready', url: server.url });
} catch (err) {
  post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
}
