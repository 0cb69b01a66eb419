import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as s from '../../db/schema';
import { SEED_LOCK_KEY, seedBase, syncContractNumberSeq } from '../../db/base-data';
import { buildDemoData, type DemoData } from './demo-data';

export { DEMO_USERS } from './build-staff';
export { buildDemoData } from './demo-data';

export interface SeedDemoResult {
  seeded: boolean;
  /** Why nothing was seeded, when it was not. */
  reason?: string;
  /** Rows inserted, by a Spanish label of the table. */
  counts?: Record<string, number>;
}

const BATCH_SIZE = 500;

/** Tables whose ids the demo sets itself; their sequences are moved past them afterwards. */
const EXPLICIT_ID_TABLES = [
  'users',
  'contratos',
  'movimientos_bancarios',
  'pagos',
  'recibos',
  'soporte',
  'sites',
  'routers',
  'devices',
  'employees',
  'messaging_instances',
] as const;

async function hasRows(db: Db, table: PgTable): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .limit(1);
  return rows.length > 0;
}

async function insertRows<T extends PgTable>(db: Db, table: T, rows: ReadonlyArray<PgInsertValue<T>>): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await db.insert(table).values(rows.slice(i, i + BATCH_SIZE));
  }
  return rows.length;
}

async function insertAll(db: Db, d: DemoData): Promise<Record<string, number>> {
  // Parents first: users, network (contracts may point to routers), customers, money, the rest.
  return {
    usuarios: await insertRows(db, s.users, d.users),
    sitios: await insertRows(db, s.sites, d.sites),
    routers: await insertRows(db, s.routers, d.routers),
    clientes: await insertRows(db, s.contratos, d.contratos),
    'movimientos bancarios': await insertRows(db, s.movimientosBancarios, d.movimientos),
    pagos: await insertRows(db, s.pagos, d.pagos),
    recibos: await insertRows(db, s.recibos, d.recibos),
    'tickets de soporte': await insertRows(db, s.soporte, d.soporte),
    'cambios de tickets': await insertRows(db, s.soporteHistorial, d.soporteHistorial),
    registros: await insertRows(db, s.registros, d.registros),
    'visitas en agenda': await insertRows(db, s.agenda, d.agenda),
    gastos: await insertRows(db, s.gastos, d.gastos),
    dispositivos: await insertRows(db, s.devices, d.devices),
    'muestras de radios': await insertRows(db, s.radioSamples, d.radioSamples),
    'lecturas actuales de radios': await insertRows(db, s.radioCurrent, d.radioCurrent),
    'muestras de routers': await insertRows(db, s.routerSamples, d.routerSamples),
    empleados: await insertRows(db, s.employees, d.employees),
    asistencias: await insertRows(db, s.attendance, d.attendance),
    vacaciones: await insertRows(db, s.vacations, d.vacations),
    'instancias de WhatsApp': await insertRows(db, s.messagingInstances, d.instances),
    mensajes: await insertRows(db, s.messages, d.messages),
    'grupos de WhatsApp': await insertRows(db, s.messagingGroups, d.groups),
    notificaciones: await insertRows(db, s.notifications, d.notifications),
  };
}

/**
 * Fills an empty database with a realistic, deterministic demo (same `now`, same rows): users,
 * ~300 customers, 18 months of payments and receipts, bank movements, support, logs, agenda,
 * expenses, network, employees, messaging and notifications. Does nothing when there are users.
 */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<SeedDemoResult> {
  const now = opts.now ?? new Date();
  if (await hasRows(db, s.users)) return { seeded: false, reason: 'la base de datos ya tiene usuarios' };
  await seedBase(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasRows(tx, s.users)) return { seeded: false, reason: 'la base de datos ya tiene usuarios' };
    const busy: Array<[string, PgTable]> = [
      ['contratos', s.contratos],
      ['pagos', s.pagos],
      ['movimientos_bancarios', s.movimientosBancarios],
      ['sites', s.sites],
      ['routers', s.routers],
      ['devices', s.devices],
      ['employees', s.employees],
      ['messaging_instances', s.messagingInstances],
    ];
    for (const [name, table] of busy) {
      if (await hasRows(tx, table)) return { seeded: false, reason: `la tabla ${name} ya tiene datos` };
    }
    const categories = await tx
      .select({ id: s.categoriasGasto.id, nombre: s.categoriasGasto.nombre })
      .from(s.categoriasGasto);
    const data = buildDemoData(now, new Map(categories.map((c) => [c.nombre, c.id])));
    const counts = await insertAll(tx, data);
    // Staff who use the app are linked to their employee record (same email).
    await tx.execute(sql`UPDATE users u SET id_empleado = e.id FROM employees e WHERE lower(e.email) = lower(u.email)`);
    for (const table of EXPLICIT_ID_TABLES) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${table}), false)`,
        ),
      );
    }
    await syncContractNumberSeq(tx);
    return { seeded: true, counts };
  });
}
