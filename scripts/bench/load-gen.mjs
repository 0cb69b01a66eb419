// The bench's load generator, in a worker thread so that autocannon's own work is not timed inside the app's
// event loop. It gets a plain description of the requests (no functions cross a thread) and answers the
// throughput and the latency of every 2xx answer.
//   workerData: { url, connections, warmupSeconds, seconds, method, headers, items: [{ path, body? }], newKey }
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
      (err, result) => (err ? reject(err) : resolve({ result, latencies })),
    );
    if (collect)
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

try {
  if (spec.warmupSeconds > 0) await run(spec.warmupSeconds, false);
  const { result, latencies } = await run(spec.seconds, true);
  latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    ok: latencies.length,
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
