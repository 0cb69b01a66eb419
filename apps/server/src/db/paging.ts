import type { PgSelect } from 'drizzle-orm/pg-core';

/** A page of a list: `page` counts from 0. */
export interface Page {
  page: number;
  pageSize: number;
}

/**
 * One page of an ordered query (made dynamic with `$dynamic()`) and the total of the list. The total is
 * counted with `countAll` only when the page cannot tell it (a full page, or an empty page past the first);
 * otherwise it is the rows before the page plus the rows on it.
 */
export async function paged<Q extends PgSelect>(
  query: Q,
  page: Page,
  countAll: () => PromiseLike<Array<{ n: number }>>,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const rows = (await query.limit(page.pageSize).offset(page.page * page.pageSize)) as Awaited<Q>;
  if (rows.length === page.pageSize || (page.page > 0 && rows.length === 0)) {
    const [counted] = await countAll();
    return { rows, total: counted?.n ?? 0 };
  }
  return { rows, total: page.page * page.pageSize + rows.length };
}
