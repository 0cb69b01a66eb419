import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

export type RedisLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Reconnect forever, waiting up to 2 s between tries: Redis coming back is picked up within seconds. */
const retryStrategy = (times: number) => Math.min(times * 200, 2_000);

/**
 * An ioredis client that never takes the process down: its errors are logged once per outage (ioredis
 * reports every failed reconnection), and it reconnects by itself when Redis is back.
 *
 * `failFast` (the default) makes commands fail at once while Redis is away instead of queueing them,
 * for callers that have something better to do than wait (rate limits, publishing, health checks).
 * A subscriber passes `failFast: false`: its SUBSCRIBE waits for the connection, and ioredis
 * re-subscribes after every reconnection.
 */
export function createRedisClient(
  url: string,
  name: string,
  log: RedisLog,
  opts: { failFast?: boolean } & RedisOptions = {},
): Redis {
  const { failFast = true, ...rest } = opts;
  const client = new Redis(url, {
    connectionName: `airlink-${name}`,
    connectTimeout: 3_000,
    retryStrategy,
    ...(failFast ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
    ...rest,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, `Redis (${name}) no disponible; se reintenta la conexión`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis (${name}) disponible de nuevo`);
  });
  return client;
}

export const isRedisReady = (client: Redis | null | undefined): boolean => client?.status === 'ready';

/** Resolves once the client is ready, or after `ms` (false): starting with Redis away is allowed. */
export function redisReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on('ready', onReady);
  });
}

/** Closes a client politely when connected (QUIT), at once otherwise; never rejects. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    const quit = client.quit().then(
      () => undefined,
      () => undefined,
    );
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([quit, timeout]);
  }
  client.disconnect();
}

/** PING with a time limit, for the readiness check. */
export async function pingRedis(client: Redis, ms: number): Promise<void> {
  if (client.status !== 'ready') throw new Error(`redis ${client.status}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`redis: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
