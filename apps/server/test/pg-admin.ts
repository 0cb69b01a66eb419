import pg from 'pg';

/** TEST_DATABASE_URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server's admin connection (TEST_DATABASE_URL). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Waits until the server has no backend left on a database. pool.end() resolves before the server has seen every
 * Terminate: a backend still open when DROP … FORCE terminates it sends a FATAL to a client nobody listens to any
 * more (an unhandled error in the run), and CREATE DATABASE … TEMPLATE refuses a template with a backend on it.
 */
async function waitForNoBackends(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the database's last backend to go, then drops it unless `keep` (a template about to be copied). */
export async function settleDatabase(adminUrl: string, name: string, opts: { keep?: boolean } = {}): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await waitForNoBackends(c, name);
    if (!opts.keep) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
