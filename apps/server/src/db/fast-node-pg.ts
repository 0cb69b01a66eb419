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
// @ts-expect-error node-postgres' own value encoding (what its Query binds with), untyped
import { prepareValue } from 'pg/lib/utils.js';

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

/** What of node-postgres' connection a statement uses to send itself (pg/lib/connection.js). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal: string; statement?: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows?: number }): void;
  sync(): void;
  query(text: string): void;
  sendCopyFail(message: string): void;
}

interface WireField {
  name: string;
  dataTypeID: number;
  format: string;
}

type WireCallback = (err: Error | null, result?: WireResult) => void;
/** pg's result as the app reads it: rows (arrays, or objects for raw SQL), fields, the command and its row count. */
interface WireResult {
  rows: unknown[];
  fields: WireField[];
  command: string | null;
  rowCount: number | null;
}

/** A command tag: "SELECT 3", "INSERT 0 1", "BEGIN". */
const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/** Connections of transactions whose BEGIN is still to be sent, with their first statement. */
const beginPending = new WeakSet<object>();

/** For the paths that send through pg's own Query: a transaction's pending BEGIN goes first, on its own. */
async function beginIfPending(client: pg.Pool | pg.PoolClient): Promise<void> {
  if (beginPending.delete(client)) await control(client, 'begin');
}

type Parser = (value: string) => unknown;
/** The columns of each named statement described on a connection (a connection's statements live as long as it). */
const describedOn = new WeakMap<WireConnection, Map<string, { fields: WireField[]; parsers: Parser[] }>>();

/**
 * One statement sent as node-postgres' `Query` sends it (Parse once per connection for a named statement, Bind,
 * Describe, Execute, Sync, corked into one write; or a simple query for BEGIN/COMMIT/ROLLBACK), answering its rows as
 * arrays (drizzle's selections) or objects (raw SQL), with less work per run: pg's `Query` copies its config with
 * property descriptors (`cloneQueryConfig`), is an EventEmitter, and its `Result` builds an object template per answer
 * that array rows never use (docs/performance.md "A leaner statement object"). node-postgres runs any object with `submit` (a "submittable",
 * as pg-cursor is) and calls these handlers while it is the active query; `text`, `name` and `values` are read by
 * whoever records statements (the bench).
 */
class WireQuery {
  callback: WireCallback | undefined = undefined;
  private rows: unknown[] = [];
  private fields: WireField[] = [];
  private parsers: Parser[] = [];
  private command: string | null = null;
  private failed: Error | null = null;
  private connection: WireConnection | null = null;

  /** Command completions still to come before this statement's own (its transaction's BEGIN, sent ahead of it). */
  private ahead: number;

  constructor(
    readonly text: string,
    readonly values: unknown[] | undefined,
    readonly name: string | undefined,
    /** Open the transaction first, in the same write and the same round trip (see FastSession.transaction). */
    readonly begin = false,
    /** Rows as objects by column name (a later column of the same name wins, as in pg), not as arrays. */
    private readonly objects = false,
  ) {
    this.ahead = begin ? 1 : 0;
  }

  submit(connection: WireConnection): Error | null {
    const name = this.name;
    if (this.values === undefined && !name) {
      connection.query(this.text);
      return null;
    }
    const previous = name
      ? (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name])
      : undefined;
    if (previous !== undefined && previous !== this.text)
      return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    connection.stream.cork?.();
    try {
      // A named statement is parsed before the BEGIN: node-postgres counts the first parse completion of a write as
      // this statement's (and none comes when it does not parse). An unnamed one goes after it: the BEGIN is parsed
      // as the unnamed statement too, and would replace it.
      if (previous === undefined && name) {
        connection.parse({ text: this.text, name, types: undefined });
        connection.submittedNamedStatements[name] = this.text;
      }
      if (this.begin) {
        connection.parse({ text: 'begin', name: '' });
        connection.bind({ portal: '', statement: '', values: [], binary: false, valueMapper: prepareValue });
        connection.execute({ portal: '' });
      }
      if (!name) connection.parse({ text: this.text, name: '', types: undefined });
      try {
        connection.bind({
          portal: '',
          statement: name,
          values: this.values ?? [],
          binary: false,
          valueMapper: prepareValue,
        });
      } catch (err) {
        // A value the driver cannot send: only what came before is sent (a Parse stays valid for the next run);
        // sync, and fail once when the server is ready again.
        connection.sync();
        this.failed = err as Error;
        return null;
      }
      // A named statement's columns are fixed once it is parsed on this connection (the server refuses to run it
      // if they changed): Describe only the first time, then parse its rows with the columns kept from then.
      const known = name && previous !== undefined ? describedOn.get(connection)?.get(name) : undefined;
      if (known) {
        this.fields = known.fields;
        this.parsers = known.parsers;
      } else connection.describe({ type: 'P', name: '' });
      this.connection = connection;
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: WireField[] }): void {
    this.fields = msg.fields;
    this.parsers = msg.fields.map((f) => DRIZZLE_TYPES.getTypeParser(f.dataTypeID, f.format) as Parser);
    if (this.name && this.connection) {
      let known = describedOn.get(this.connection);
      if (!known) describedOn.set(this.connection, (known = new Map()));
      known.set(this.name, { fields: this.fields, parsers: this.parsers });
    }
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.failed) return;
    const raw = msg.fields;
    const objects = this.objects;
    const row: unknown[] | Record<string, unknown> = objects ? {} : new Array<unknown>(raw.length);
    try {
      for (let i = 0; i < raw.length; i++) {
        const value = raw[i];
        const parsed = value === null || value === undefined ? null : this.parsers[i]!(value);
        if (objects) (row as Record<string, unknown>)[this.fields[i]!.name] = parsed;
        else (row as unknown[])[i] = parsed;
      }
    } catch (err) {
      this.failed = err as Error;
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    if (this.ahead > 0) this.ahead--;
    else this.command = msg.text;
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleError(err: Error): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(this.failed ?? err);
    this.failed = null;
  }

  handleReadyForQuery(): void {
    if (this.failed) return this.handleError(this.failed);
    const callback = this.callback;
    this.callback = undefined;
    const tag = this.command ? COMMAND_TAG.exec(this.command) : null;
    callback?.(null, {
      rows: this.rows,
      fields: this.fields,
      command: tag ? tag[1]! : null,
      // "INSERT 0 3" counts its rows third, every other command second (as pg's Result reads the tag).
      rowCount: tag?.[3] ? Number(tag[3]) : tag?.[2] ? Number(tag[2]) : null,
    });
  }

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}
}

/** Runs a statement on a pool (which lends a connection for it) or on a transaction's connection. */
function runWire(client: pg.Pool | pg.PoolClient, query: WireQuery): Promise<WireResult> {
  return new Promise((resolve, reject) => {
    (client.query as unknown as (q: WireQuery, cb: WireCallback) => void)(query, (err, result) =>
      err ? reject(err) : resolve(result!),
    );
  });
}

class FastPreparedQuery extends NodePgPreparedQuery<never> {
  constructor(...args: ConstructorParameters<typeof NodePgPreparedQuery<never>>) {
    super(...args);
    const self = this as unknown as PreparedInternals;
    self.queryConfig.types = DRIZZLE_TYPES;
    self.rawQueryConfig.types = DRIZZLE_TYPES;
  }

  /** drizzle's `all` (its migrator's reads) sends directly: a pending BEGIN goes first. */
  override async all(placeholderValues: Record<string, unknown> = {}): Promise<never> {
    await beginIfPending((this as unknown as PreparedInternals).client);
    return super.all(placeholderValues) as never;
  }

  override async execute(placeholderValues: Record<string, unknown> = {}): Promise<never> {
    const self = this as unknown as PreparedInternals;
    // The relational API's mapper is drizzle's (unused: the database has no schema).
    if (self.customResultMapper) {
      await beginIfPending(self.client);
      return super.execute(placeholderValues);
    }
    const params = fillOf(self.params)(placeholderValues);
    self.logger.logQuery(self.queryString, params);
    const fields = self.fields;
    const name = self.queryConfig.name;
    // Raw SQL without parameters may hold several statements: pg's own Query sends it as a simple query (after
    // its own BEGIN).
    if (!fields && params.length === 0 && !name) {
      await beginIfPending(self.client);
      try {
        return (await self.client.query(self.rawQueryConfig, params)) as never;
      } catch (err) {
        throw new DrizzleQueryError(self.queryString, params, err as Error);
      }
    }
    const begin = beginPending.delete(self.client);
    let result: WireResult;
    try {
      result = await runWire(self.client, new WireQuery(self.queryString, params, name, begin, !fields));
    } catch (err) {
      throw new DrizzleQueryError(self.queryString, params, err as Error);
    }
    // Raw SQL answers the driver's result (rows as objects, rowCount), as drizzle's does.
    if (!fields) return result as never;
    return (result.rows as unknown[][]).map(mapperOf(fields, self.joinsNotNullableMap)) as never;
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
    // BEGIN goes with the transaction's first statement (one write, one round trip less per transaction); a
    // transaction that ran no statement opened none, and has nothing to commit or roll back.
    beginPending.add(client);
    try {
      try {
        const result = await transaction(tx);
        if (!beginPending.delete(client)) await control(client, 'commit');
        return result;
      } catch (error) {
        if (!beginPending.delete(client)) await control(client, 'rollback');
        throw error;
      }
    } finally {
      beginPending.delete(client);
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
    await runWire(client, new WireQuery(text, undefined, undefined));
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
