// The bench's load generator, in a worker thread so that autocannon's own work is not timed inside the app's
// event loop. It gets a plain description of the requests (no functions cross a thread) and answers the
// measured duration, the failures and the latency of every 2xx answer (seconds = 0: a warm-up only).
//   workerData: { url, connections, warmupSeconds, seconds, method, headers, items: [{ path, body? }], newKey }
// It answers the bytes received too (headers and body of every answer).
// Requests take the items in turn (autocannon resets a connection's context after each request, so the turn is
// global): with many more items than connections, concurrent requests never share one (16 cashiers on 16
// different contracts); newKey puts a fresh Idempotency-Key on every request.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const spec = workerData;

function run(seconds, collect) {
  let turn = 0;
  const latencies = [];
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: seconds,
        // The latency of an answer that does not come is a timeout, counted as an error.
        timeout: 10,
        requests: [
          {
            method: spec.method,
            setupRequest: (req) => {
              const item = spec.items[turn++ % spec.items.length];
              const headers = { ...spec.headers };
              if (spec.newKey) headers['idempotency-key'] = randomUUID();
              if (item.body !== undefined) headers['content-type'] = 'application/json';
              return { ...req, path: item.path, headers, body: item.body };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, latencies, bytes })),
    );
    if (collect)
      instance.on('response', (_client, statusCode, size, responseTime) => {
        bytes += size;
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
  });
}

try {
  if (spec.warmupSeconds > 0) await run(spec.warmupSeconds, false);
  const { result, latencies, bytes } =
    spec.seconds > 0 ? await run(spec.seconds, true) : { result: null, latencies: [], bytes: 0 };
  // The raw latencies: the bench joins the slices of one side (it alternates app and bare) before its percentiles.
  parentPort.postMessage({
    latencies,
    duration: result?.duration ?? 0,
    bytes,
    non2xx: result?.non2xx ?? 0,
    errors: result?.errors ?? 0,
    timeouts: result?.timeouts ?? 0,
  });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
