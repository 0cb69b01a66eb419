import {
  Column,
  DrizzleQueryError,
  getTableName,
  is,
  noopDecoder,
  Param,
  Placeholder,
  SQL,
  Subquery,
} from 'drizzle-orm';
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
 * `DrizzleQueryError` with the driver's error as `cause`) stay as drizzle's: `test/fast-node-pg.pg.test.ts` compares
 * both paths on the statements the app uses (nested objects, left joins, `sql` with `mapWith`, nulls, errors, transactions).
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
  let placeholders = false;
  const steps = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    let placeholder: Placeholder | undefined;
    let encoder: { mapToDriverValue(value: unknown): unknown } | undefined;
    if (is(p, Placeholder)) placeholder = p;
    else if (is(p, Param) && is(p.value, Placeholder)) {
      placeholder = p.value;
      encoder = p.encoder;
    }
    if (!placeholder) return () => p;
    placeholders = true;
    const name = placeholder.name;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encoder ? encoder.mapToDriverValue(values[name]) : values[name];
    };
  });
  return placeholders ? (values) => steps.map((step) => step(values)) : () => params;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** What `mapFromDriverValue` of a column or a `sql` field without `mapWith` does: nothing (no call needed). */
const keepsValue = (decoder: Decoder) =>
  decoder === noopDecoder || decoder.mapFromDriverValue === (Column.prototype as unknown as Decoder).mapFromDriverValue;

function decoderOf(field: SelectedFieldsOrdered[number]['field']): Decoder {
  if (is(field, Column)) return field;
  // `decoder` is drizzle-internal (not in its types): the `mapWith` of a `sql` field, a no-op otherwise.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
}

type Shape = Map<string, number | Shape>;

/**
 * drizzle's `mapResultRow` (utils.js) for one selection, compiled once into a function that builds each row as an
 * object literal (one shape per selection, in the selection's order), calling only the decoders that change a value.
 * A left-joined table's object is null when its first column is null, unless the join made the table not nullable
 * (and never when the object mixes columns of two tables), as drizzle decides. The selection's names are the app's
 * own (its schema and `select({...})` keys), written as JSON string literals.
 */
function compileRowMapper(
  fields: SelectedFieldsOrdered,
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const shape: Shape = new Map();
  fields.forEach(({ path }, i) => {
    let node = shape;
    for (const chunk of path.slice(0, -1)) {
      let next = node.get(chunk);
      if (next === undefined) node.set(chunk, (next = new Map()));
      if (typeof next === 'number') throw new Error(`fast-node-pg: ${path.join('.')} is both a value and an object`);
      node = next;
    }
    node.set(path[path.length - 1]!, i);
  });
  const key = (name: string) => JSON.stringify(name);
  const value = (i: number) =>
    keepsValue(decoders[i]!) ? `r[${i}]` : `(r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}]))`;
  const literal = (node: Shape): string =>
    `{ ${[...node].map(([name, v]) => `${key(name)}: ${typeof v === 'number' ? value(v) : literal(v)}`).join(', ')} }`;
  // drizzle's nullify rule per object of a table's columns (path of two): decided by its first column, and only
  // when every later column of the object is of the same table.
  const nullifies: string[] = [];
  if (joinsNotNullableMap) {
    const objects = new Map<string, { table: string; leaf: string; mixed: boolean }>();
    fields.forEach(({ path, field }) => {
      if (!is(field, Column) || path.length !== 2) return;
      const table = getTableName(field.table);
      const known = objects.get(path[0]!);
      if (!known) objects.set(path[0]!, { table, leaf: path[1]!, mixed: false });
      else if (known.table !== table) known.mixed = true;
    });
    for (const [object, { table, leaf, mixed }] of objects) {
      if (mixed) continue;
      nullifies.push(`if (o[${key(object)}][${key(leaf)}] === null && !j[${key(table)}]) o[${key(object)}] = null;`);
    }
  }
  const build = new Function(
    'd',
    'j',
    `return (r) => { const o = ${literal(shape)}; ${nullifies.join(' ')} return o; };`,
  );
  return build(decoders, joinsNotNullableMap) as RowMapper;
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
}

/**
 * What was worked out for a statement, kept by its parameter list and its selection: a prepared statement run in a
 * transaction is a copy per run (db/prepared.ts `preparedOn`) that shares both with the statement built once.
 */
const fills = new WeakMap<unknown[], Fill>();
const mappers = new WeakMap<SelectedFieldsOrdered, { joins: Record<string, boolean> | undefined; map: RowMapper }>();

function fillOf(params: unknown[]): Fill {
  let fill = fills.get(params);
  if (!fill) fills.set(params, (fill = compileFill(params)));
  return fill;
}

function mapperOf(fields: SelectedFieldsOrdered, joins: Record<string, boolean> | undefined): RowMapper {
  let known = mappers.get(fields);
  if (!known || known.joins !== joins) mappers.set(fields, (known = { joins, map: compileRowMapper(fields, joins) }));
  return known.map;
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
    const params = fillOf(self.params)(placeholderValues);
    self.logger.logQuery(self.queryString, params);
    const fields = self.fields;
    let result: pg.QueryResult;
    try {
      result = await self.client.query(fields ? self.queryConfig : self.rawQueryConfig, params);
    } catch (err) {
      throw new DrizzleQueryError(self.queryString, params, err as Error);
    }
    if (!fields) return result as never;
    return (result.rows as unknown as unknown[][]).map(mapperOf(fields, self.joinsNotNullableMap)) as never;
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
      await control(client, 'begin');
      try {
        const result = await transaction(tx);
        await control(client, 'commit');
        return result;
      } catch (error) {
        await control(client, 'rollback');
        throw error;
      }
    } finally {
      if (isPool) (client as pg.PoolClient).release();
    }
  }
}

/**
 * BEGIN, COMMIT or ROLLBACK as drizzle sends them (`tx.execute(sql\`begin\`)`: a simple query without parameters),
 * without building the statement on every transaction; a failure is drizzle's error with the driver's as its cause
 * (a deferred unique violation surfaces at COMMIT).
 */
async function control(client: pg.Pool | pg.PoolClient, text: 'begin' | 'commit' | 'rollback'): Promise<void> {
  try {
    await client.query({ text, types: DRIZZLE_TYPES } as pg.QueryConfig);
  } catch (err) {
    throw new DrizzleQueryError(text, [], err as Error);
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
