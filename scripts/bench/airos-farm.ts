// The bench's airOS radio farm in its own thread (scripts/bench/network.ts): the fake's HTTPS work does not
// share the poller's event loop, as real radios would not. Posts the URL of radio "0", stops on 'stop'.
import { parentPort, workerData } from 'node:worker_threads';
import { startFakeAirosServer } from '../../apps/server/src/demo/fakes/airos/fake-server';

const farm = await startFakeAirosServer({ count: (workerData as { count: number }).count });
parentPort!.postMessage({ first: farm.urlOf('0') });
parentPort!.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  void farm.stop().then(() => parentPort!.postMessage('stopped'));
});
