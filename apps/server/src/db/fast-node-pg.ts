import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { NodePgDatabase, NodePgPreparedQuery, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * drizzle on node-postgres with the same statements, answers and errors, and less work per statement
 * (docs/performance.md "drizzle's statement path"). drizzle 0.45's `NodePgPreparedQuery.execute` did, on every run of
 * every statement: two tracing spans and the cache check (three async frames and their promises), `fillPlaceholders`
 * and `mapResultRow` (an `is()` walk of the prototype chain for every parameter and for every cell of every row),
 * and a `getTypeParser` that made a new function for each column of each answer. Here the parameters and the row
 * mapping are worked out once per statement (prepared statements run thousands of times), the type parsers are
 * shared, and the driver is called directly. What drizzle maps, how it maps it and what it throws (a
 * `DrizzleQueryError` with the driver's error as `cause`) stay as drizzle's: `fast-node-pg.test.ts` compares the
 * rows of both paths on the selections the app uses (nested objects, left joins, `sql` with `mapWith`, nulls).
 * PGlite keeps drizzle's own path.
 */

/** Types drizzle reads as text (its own parsers answer the value as sent): timestamps, dates, intervals and their arrays. */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asSent = (value: unknown) => value;
/** drizzle's parsers for its statements (node-postgres/session.js), one shared object with one shared function. */
const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: string) =>
    AS_TEXT.has(typeId) ? asSent : pg.types.getTypeParser(typeId, format as 'text'),
};

type Fill = (values: Record<string, unknown>) => unknown[];

/** drizzle's `fillPlaceholders`, with the kind of each parameter decided once. */
function compileFill(params: unknown[]): Fill {
  const steps = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    let placeholder: Placeholder | undefined;
    let encode: ((value: unknown) => unknown) | undefined;
    if (is(p, Placeholder)) placeholder = p;
    else if (is(p, Param) && is(p.value, Placeholder)) {
      placeholder = p.value;
      const encoder = p.encoder;
      encode = (value) => encoder.mapToDriverValue(value);
    }
    if (!placeholder) return () => p;
    const name = placeholder.name;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode ? encode(values[name]) : values[name];
    };
  });
  if (steps.every((_, i) => !is(params[i], Placeholder) && !is(params[i], Param))) return () => params;
  return (values) => steps.map((step) => step(values));
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/**
 * drizzle's `mapResultRow` (utils.js) for one selection, its decisions taken once: each column's decoder, its path
 * in the answer, and for a joined table's columns the table's name (a left-joined table whose first column is null
 * answers null, unless the join made it not nullable).
 */
export function compileRowMapper(
  fields: SelectedFieldsOrdered,
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper {
  const columns = fields.map(({ path, field }) => {
    let decoder: Decoder;
    if (is(field, Column)) decoder = field;
    // `decoder` is drizzle-internal (not in its types): the `mapWith` of a `sql` field, a no-op otherwise.
    else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
    else if (is(field, Subquery)) decoder = (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
    else decoder = (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
    const table = joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { path, parents: path.slice(0, -1), leaf: path[path.length - 1]!, decoder, table };
  });
  const nullifies = columns.some((c) => c.table !== null);
  return (row) => {
    const result: Record<string, unknown> = {};
    const nullifyMap: Record<string, string | false> | undefined = nullifies ? {} : undefined;
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i]!;
      let node = result;
      for (const chunk of c.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[c.leaf] = raw === null ? null : c.decoder.mapFromDriverValue(raw));
      if (nullifyMap && c.table !== null) {
        const objectName = c.path[0]!;
        if (!(objectName in nullifyMap)) nullifyMap[objectName] = value === null ? c.table : false;
        else if (typeof nullifyMap[objectName] === 'string' && nullifyMap[objectName] !== c.table)
          nullifyMap[objectName] = false;
      }
    }
    if (nullifyMap) {
      for (const objectName in nullifyMap) {
        const tableName = nullifyMap[objectName];
        if (typeof tableName === 'string' && !joinsNotNullableMap![tableName]) result[objectName] = null;
      }
    }
    return result;
  };
}

interface PreparedInternals {
  client: pg.Pool | pg.PoolClient;
  queryString: string;
  params: unknown[];
  fields: SelectedFieldsOrdered | undefined;
  customResultMapper: unknown;
  joinsNotNullableMap: Record<string, boolean> | undefined;
  logger: { logQuery(query: string, params: unknown[]): void };
  queryConfig: pg.QueryArrayConfig & { types: unknown };
  rawQueryConfig: pg.QueryConfig & { types: unknown };
  /** Worked out on the first run. */
  fill?: Fill;
  mapRow?: RowMapper;
}

class FastPreparedQuery extends NodePgPreparedQuery<never> {
  constructor(...args: ConstructorParameters<typeof NodePgPreparedQuery<never>>) {
    super(...args);
    const self = this as unknown as PreparedInternals;
    self.queryConfig.types = DRIZZLE_TYPES;
    self.rawQueryConfig.types = DRIZZLE_TYPES;
  }

  override async execute(placeholderValues: Record<string, unknown> = {}): Promise<never> {
    const self = this as unknown as PreparedInternals;
    // The relational API's mapper is drizzle's (unused: the database has no schema).
    if (self.customResultMapper) return super.execute(placeholderValues);
    const params = (self.fill ??= compileFill(self.params))(placeholderValues);
    self.logger.logQuery(self.queryString, params);
    const fields = self.fields;
    let result: pg.QueryResult;
    try {
      result = await self.client.query(fields ? self.queryConfig : self.rawQueryConfig, params);
    } catch (err) {
      throw new DrizzleQueryError(self.queryString, params, err as Error);
    }
    if (!fields) return result as never;
    const mapRow = (self.mapRow ??= compileRowMapper(fields, self.joinsNotNullableMap));
    return (result.rows as unknown as unknown[][]).map(mapRow) as never;
  }
}

class FastSession extends NodePgSession<Record<string, never>, never> {
  override prepareQuery(...args: Parameters<NodePgSession<Record<string, never>, never>['prepareQuery']>) {
    const [query, fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig] = args;
    const self = this as unknown as { client: pg.Pool | pg.PoolClient; logger: unknown; cache: unknown };
    return new FastPreparedQuery(
      self.client as never,
      query.sql,
      query.params,
      self.logger as never,
      self.cache as never,
      queryMetadata,
      cacheConfig,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper as never,
    ) as never;
  }

  /**
   * drizzle's `NodePgSession.transaction` (without isolation settings, which the app never asks for), with the
   * transaction's session on the fast path too.
   */
  override async transaction<T>(
    transaction: (tx: NodePgTransaction<Record<string, never>, never>) => Promise<T>,
    config?: unknown,
  ): Promise<T> {
    if (config !== undefined) throw new Error('fast-node-pg: transaction settings are not supported');
    const self = this as unknown as { client: pg.Pool | pg.PoolClient; dialect: PgDialect; options: object };
    const isPool = self.client instanceof pg.Pool;
    const client = isPool ? await (self.client as pg.Pool).connect() : (self.client as pg.PoolClient);
    const session = isPool ? new FastSession(client as never, self.dialect, undefined, self.options) : this;
    const tx = new NodePgTransaction<Record<string, never>, never>(self.dialect, session, undefined);
    try {
      await tx.execute(sql`begin`);
      try {
        const result = await transaction(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        throw error;
      }
    } finally {
      if (isPool) (client as pg.PoolClient).release();
    }
  }
}

/** drizzle on a node-postgres pool (what `drizzle(pool, { casing })` builds), on the path above. */
export function fastNodePg(pool: pg.Pool, casing: 'snake_case'): NodePgDatabase<Record<string, never>> {
  const dialect = new PgDialect({ casing });
  const session = new FastSession(pool as never, dialect, undefined, {});
  const db = new NodePgDatabase<Record<string, never>>(dialect, session as never, undefined);
  (db as unknown as { $client: pg.Pool }).$client = pool;
  return db;
}
