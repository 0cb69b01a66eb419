// Bulk data for `npm run bench`: customers from a deterministic generator (so search_text is exactly the
// domain's searchTextOf), everything else with set-based SQL (INSERT … SELECT generate_series …).
import {
  MERCADOPAGO_ACCOUNT_ID,
  PAYMENT_PLACES,
  RECONNECTION_FEE,
  SERVICE_TYPES,
  addDays,
  addMonths,
  foldText,
  searchTextOf,
} from '@airlink/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { syncContractNumberSeq } from '../../apps/server/src/db/base-data';
import {
  BUSINESS_NAMES,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  MALE_NAMES,
  SECOND_FEMALE_NAMES,
  SECOND_NAMES,
  SURNAMES,
} from '../../apps/server/src/demo/seed/names';
import { COMMUNITIES, type Community } from '../../apps/server/src/demo/seed/places';
import { Rng } from '../../apps/server/src/demo/seed/prng';

export interface LoadOptions {
  customers: number;
  payments: number;
  /** Pending (unused) bank movements. */
  pendingMovements: number;
  /** Business date of "today" (YYYY-MM-DD) and the business time zone. */
  today: string;
  tz: string;
  /** Cashiers and staff who appear as users of payments, tickets and events. */
  userIds: number[];
  log: (line: string) => void;
}

export type LoadCounts = Record<string, number>;

const TYPE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [1, 44],
  [5, 15],
  [2, 12],
  [4, 8],
  [3, 7],
  [6, 6],
  [7, 4],
  [8, 4],
];

/** How a customer pays and how late they are (drives paid-until and the payment places). */
type Profile = 'ontime' | 'late' | 'suspended' | 'cancelled' | 'ahead';
const PROFILE_WEIGHTS: ReadonlyArray<readonly [Profile, number]> = [
  ['ontime', 68],
  ['late', 18],
  ['suspended', 5],
  ['cancelled', 4],
  ['ahead', 5],
];

interface ContractJson {
  id: number;
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  comunidad: string;
  estado: string;
  cp: string;
  telefono: string;
  email: string;
  tipo: number;
  no: number;
  monto: number;
  costo_instalacion: number;
  mac: string;
  fecha_contratacion: string;
  cortado: boolean;
  activo: boolean;
  fecha_cancelacion: string | null;
  motivo_cancelacion: string | null;
  pagado_hasta: string;
  search_text: string;
  /** Not stored in contratos: how many monthly payments it has and where it usually pays. */
  k: number;
  cuenta: number;
}

const slug = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, '');

/** A date no later than the 27th, so monthly periods never need day clamping (fecha + K months is exact). */
function clampDay(date: string): string {
  const day = Number(date.slice(8, 10));
  return day > 27 ? addDays(date, 27 - day) : date;
}

function personName(rng: Rng): { nombre: string; first: string; surname: string } {
  const female = rng.chance(0.5);
  const first: string = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
  const given = rng.chance(0.22)
    ? `${first} ${female ? rng.pick(SECOND_FEMALE_NAMES) : rng.pick(SECOND_NAMES)}`
    : first;
  const surname = rng.pick(SURNAMES);
  return { nombre: `${given} ${surname} ${rng.pick(SURNAMES)}`, first, surname };
}

function address(rng: Rng, c: Community): { calle: string; numero: string } {
  const calle = rng.pick(c.streets);
  if (c.lotes) return { calle, numero: `Mz ${rng.int(1, 45)} Lt ${rng.int(1, 32)}` };
  const r = rng.next();
  if (r < 0.07) return { calle, numero: 'S/N' };
  const n = rng.chance(0.8) ? rng.int(1, 250) : rng.int(251, 1200);
  return { calle, numero: r < 0.15 ? `${n}${rng.pick(['A', 'B', '-1', ' Int. 2'])}` : String(n) };
}

/** The customers: varied names, streets and communities, paid-until spread so that about a quarter are late. */
export function buildContracts(o: Pick<LoadOptions, 'customers' | 'payments' | 'today'>): ContractJson[] {
  const rng = new Rng(20_000);
  const communities = COMMUNITIES.map((c) => [c, c.weight] as const);
  const perContract = Math.floor(o.payments / o.customers);
  const extra = o.payments % o.customers;
  const rows: ContractJson[] = [];
  for (let id = 1; id <= o.customers; id++) {
    const c = rng.weighted(communities);
    const business = rng.chance(0.06);
    const person = personName(rng);
    const nombre = business ? `${rng.pick(BUSINESS_NAMES)} ${c.comunidad}` : person.nombre;
    const { calle, numero } = address(rng, c);
    const tipo = business ? rng.pick([2, 3, 6, 7]) : rng.weighted(TYPE_WEIGHTS);
    const profile = rng.weighted(PROFILE_WEIGHTS);
    const offset =
      profile === 'ontime'
        ? rng.int(-3, 31)
        : profile === 'late'
          ? -rng.int(4, 95)
          : profile === 'suspended'
            ? -rng.int(60, 200)
            : profile === 'cancelled'
              ? -rng.int(90, 700)
              : rng.int(35, 365);
    const pagadoHasta = clampDay(addDays(o.today, offset));
    const k = perContract + (id <= extra ? 1 : 0);
    const fechaContratacion = addMonths(pagadoHasta, -k);
    const bank = rng.chance(0.35);
    const row = {
      id,
      nombre,
      calle,
      numero,
      colonia: rng.pick(c.colonias),
      comunidad: c.comunidad,
      estado: c.estado,
      cp: c.cp,
      telefono: `${c.lada}${rng.int(1_000_000, 9_999_999)}`,
      email: rng.chance(0.45)
        ? `${slug(person.first)}.${slug(person.surname)}${rng.int(1, 999)}@${rng.pick(EMAIL_DOMAINS)}`
        : '',
      tipo,
      no: id,
      monto: SERVICE_TYPES.find((t) => t.value === tipo)!.monthly,
      costo_instalacion: rng.pick([0, 500, 800]),
      mac: Array.from({ length: 6 }, () => rng.int(0, 255).toString(16).padStart(2, '0'))
        .join(':')
        .toUpperCase(),
      fecha_contratacion: fechaContratacion,
      cortado: profile === 'suspended',
      activo: profile !== 'cancelled',
      fecha_cancelacion: profile === 'cancelled' ? `${addDays(pagadoHasta, 30)}T17:00:00Z` : null,
      motivo_cancelacion: profile === 'cancelled' ? 'Cambio de domicilio fuera de la zona de cobertura' : null,
      pagado_hasta: pagadoHasta,
      k,
      cuenta: bank ? rng.pick([2, 5, 6]) : c.region === 'pachuca' ? 3 : 4,
    };
    rows.push({ ...row, search_text: searchTextOf({ ...row, fechaContratacion }) });
  }
  return rows;
}

async function count(db: Db, table: string): Promise<number> {
  const r = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]!.n);
}

async function timed<T>(log: (l: string) => void, label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  log(`  ${label.padEnd(44, '.')} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Under BENCH_REUSE, before measuring: cleans the dead rows earlier runs left in `tables` (the whole database when
 * none are named) as autovacuum would (it is off on some servers, this sandbox's among them), and says how long it
 * took.
 */
export async function vacuumLeftovers(db: Db, tables: readonly string[] = []): Promise<void> {
  const started = performance.now();
  await db.execute(sql.raw(`VACUUM (ANALYZE)${tables.length ? ` ${tables.join(', ')}` : ''}`));
  console.log(
    `  VACUUM ANALYZE de lo que dejaron corridas anteriores: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Loads the bench data into a migrated database that has the base data and the staff users. Runs in
 * one transaction (one connection: the temporary table and the random seed live in it).
 */
export async function loadBenchData(db: Db, o: LoadOptions): Promise<LoadCounts> {
  const { log, tz, today } = o;
  const contracts = buildContracts(o);
  const users = `ARRAY[${o.userIds.join(',')}]::int[]`;
  // The cashiers' places: neither adjustments nor Mercado Pago (online payments arrive by themselves).
  const cuentas = PAYMENT_PLACES.filter((p) => p.group !== 'ajuste' && p.id !== MERCADOPAGO_ACCOUNT_ID).map(
    (p) => p.id,
  );
  if (cuentas.join() !== '4,3,2,5,6') throw new Error(`unexpected payment places ${cuentas.join()}`);

  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.2026)`);
    await tx.execute(sql.raw(`SET LOCAL synchronous_commit = off`));

    await timed(log, `contratos (${o.customers.toLocaleString('en')})`, async () => {
      await tx.execute(
        sql.raw(
          `CREATE TEMP TABLE bench_meta (id int PRIMARY KEY, fc date, k int, cuenta int, monto numeric(12,2)) ON COMMIT DROP`,
        ),
      );
      for (let i = 0; i < contracts.length; i += 5000) {
        const chunk = JSON.stringify(contracts.slice(i, i + 5000));
        await tx.execute(sql`
          INSERT INTO contratos (id, nombre, calle, numero, colonia, comunidad, estado, cp, telefono, email, tipo, no, monto,
            costo_instalacion, mac, fecha_contratacion, cortado, activo, fecha_cancelacion, motivo_cancelacion, pagado_hasta,
            search_text, created_at, updated_at)
          SELECT id, nombre, calle, numero, colonia, comunidad, estado, cp, telefono, email, tipo, no, monto,
            costo_instalacion, mac, fecha_contratacion, cortado, activo, fecha_cancelacion, motivo_cancelacion, pagado_hasta,
            search_text, fecha_contratacion::timestamp + interval '12 hours', now()
          FROM jsonb_to_recordset(${chunk}::jsonb) AS r(id int, nombre text, calle text, numero text, colonia text,
            comunidad text, estado text, cp text, telefono text, email text, tipo int, no int, monto numeric, costo_instalacion numeric,
            mac text, fecha_contratacion date, cortado boolean, activo boolean, fecha_cancelacion timestamptz,
            motivo_cancelacion text, pagado_hasta date, search_text text)`);
        await tx.execute(sql`
          INSERT INTO bench_meta (id, fc, k, cuenta, monto)
          SELECT id, fecha_contratacion, k, cuenta, monto
          FROM jsonb_to_recordset(${chunk}::jsonb) AS r(id int, fecha_contratacion date, k int, cuenta int, monto numeric)`);
      }
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('contratos', 'id'), (SELECT max(id) FROM contratos))`),
      );
      await syncContractNumberSeq(tx as unknown as Db);
    });

    // Payments in slices of "the n-th monthly payment of every contract", so ids follow fecha_pago roughly
    // as in production; each slice is sorted by fecha_pago.
    const maxK = Math.max(...contracts.map((c) => c.k));
    const step = Math.max(1, Math.floor(100_000 / o.customers));
    await timed(log, `pagos (${o.payments.toLocaleString('en')})`, async () => {
      for (let n0 = 0; n0 < maxK; n0 += step) {
        const n1 = Math.min(maxK, n0 + step);
        await tx.execute(sql`
          INSERT INTO pagos (contrato_id, fecha_pago, fecha_inicio, fecha_finalizacion, monto, monto_base, meses_cubiertos,
            id_cuenta, referencia, nota, reconexion, facturar, user_id, created_at)
          SELECT cid, fecha_pago, fi, ff, monto + CASE WHEN reconexion THEN ${RECONNECTION_FEE} ELSE 0 END, monto, 1,
            id_cuenta,
            CASE WHEN id_cuenta IN (2, 5, 6) THEN upper(substr(md5(random()::text), 1, 10)) ELSE '' END,
            CASE WHEN random() < 0.04 THEN 'Pago en ventanilla' ELSE '' END,
            reconexion, false, (${sql.raw(users)})[1 + floor(random() * ${o.userIds.length})::int], fecha_pago
          FROM (
            SELECT m.id AS cid, m.monto, fi, ff,
              LEAST(((fi - floor(random() * 6)::int)::timestamp + interval '9 hours' + random() * interval '10 hours') AT TIME ZONE ${tz}::text,
                    now() - random() * interval '20 days') AS fecha_pago,
              CASE WHEN random() < 0.75 THEN m.cuenta ELSE (ARRAY[2, 3, 4, 5, 6])[1 + floor(random() * 5)::int] END AS id_cuenta,
              random() < 0.015 AS reconexion
            FROM bench_meta m
            CROSS JOIN generate_series(${n0}::int, ${n1 - 1}::int) AS n
            CROSS JOIN LATERAL (SELECT (m.fc + make_interval(months => n) + interval '1 day')::date AS fi,
                                       (m.fc + make_interval(months => n + 1))::date AS ff) AS period
            WHERE n < m.k
          ) s
          ORDER BY s.fecha_pago`);
        log(`    ${Math.min(n1 * o.customers, o.payments).toLocaleString('en')} …`);
      }
    });

    await timed(log, 'recibos (1 per payment)', async () => {
      const [{ max } = { max: 0 }] = (
        (await tx.execute(sql`SELECT COALESCE(max(id), 0)::int AS max FROM pagos`)) as unknown as {
          rows: Array<{ max: number }>;
        }
      ).rows;
      for (let a = 1; a <= max; a += 250_000) {
        await tx.execute(sql`
          INSERT INTO recibos (guid, pago_id, cliente_id, nombre, direccion, colonia, monto, monto_contrato, reconexion,
            fecha_pago, fecha_inicio, fecha_finalizacion, created_at)
          SELECT p.guid, p.id, p.contrato_id, c.nombre, concat_ws(' ', NULLIF(c.calle, ''), NULLIF(c.numero, '')), c.colonia,
            p.monto, c.monto, p.reconexion, p.fecha_pago, p.fecha_inicio, p.fecha_finalizacion, p.fecha_pago
          FROM pagos p JOIN contratos c ON c.id = p.contrato_id
          WHERE p.id BETWEEN ${a}::int AND ${a + 249_999}::int
          ORDER BY p.id`);
      }
    });

    await timed(log, `movimientos bancarios (${o.pendingMovements.toLocaleString('en')} pendientes)`, async () => {
      // The latest bank payments came from imported statements: their movements are used (linked).
      const linked = o.pendingMovements * 3;
      await tx.execute(sql`
        INSERT INTO movimientos_bancarios (id_cuenta, fecha_realizacion, monto, referencia, descripcion, import_key, created_by, created_at)
        SELECT id_cuenta, (fecha_pago AT TIME ZONE ${tz}::text)::date, monto, referencia, 'SPEI RECIBIDO ' || referencia,
          'pago:' || id, user_id, fecha_pago
        FROM (SELECT * FROM pagos WHERE id_cuenta IN (2, 5, 6) ORDER BY fecha_pago DESC LIMIT ${linked}::int) p
        ORDER BY fecha_pago`);
      await tx.execute(sql`
        UPDATE pagos p SET id_movimiento_financiero = m.id
        FROM movimientos_bancarios m WHERE m.import_key = 'pago:' || p.id AND m.import_key LIKE 'pago:%'`);
      await tx.execute(sql`
        INSERT INTO movimientos_bancarios (id_cuenta, fecha_realizacion, monto, referencia, descripcion, import_key, created_at)
        SELECT (ARRAY[2, 5, 6])[1 + floor(random() * 3)::int], d, round((250 + random() * 1500)::numeric, 0),
          upper(substr(md5('pendiente' || g), 1, 12)), 'SPEI RECIBIDO', 'pendiente:' || g, now()
        FROM generate_series(1, ${o.pendingMovements}::int) AS g
        CROSS JOIN LATERAL (SELECT (${today}::date - floor(random() * 90 + g * 0)::int) AS d) AS x
        ORDER BY d`);
    });

    await timed(log, 'soporte, agenda y gastos', async () => {
      const tickets = Math.max(50, Math.round(o.customers * 0.15));
      await tx.execute(sql`
        INSERT INTO soporte (contrato_id, titulo, observaciones, telefono_cliente, prioridad, estado, asignado_a, created_by, created_at, updated_at)
        SELECT c.id, t.titulo, t.titulo || ': el cliente reporta la falla desde ' || to_char(at, 'DD/MM/YYYY'), c.telefono,
          1 + floor(random() * 4)::int,
          CASE WHEN at > now() - interval '10 days' THEN (ARRAY['Abierto', 'En Progreso', 'Resuelto'])[1 + floor(random() * 3)::int]
               WHEN random() < 0.8 THEN 'Cerrado' ELSE 'Resuelto' END,
          CASE WHEN random() < 0.85 THEN (${sql.raw(users)})[1 + floor(random() * ${o.userIds.length})::int] END,
          (${sql.raw(users)})[1 + floor(random() * ${o.userIds.length})::int], at, at + interval '1 day'
        FROM (SELECT g, 1 + floor(random() * ${o.customers})::int AS cid,
                     now() - (power(random(), 2) * interval '1460 days') AS at FROM generate_series(1, ${tickets}::int) g) s
        JOIN contratos c ON c.id = s.cid
        CROSS JOIN LATERAL (SELECT (ARRAY['Sin internet', 'Internet lento', 'Intermitencia', 'Cambio de contraseña',
          'Antena desalineada', 'Router no enciende', 'Cambio de domicilio'])[1 + floor(random() * 7 + g * 0)::int] AS titulo) t
        ORDER BY at`);
      await tx.execute(sql`
        INSERT INTO soporte_historial (soporte_id, user_id, at, campo, antes, despues)
        SELECT id, created_by, updated_at, 'estado', 'Abierto', estado FROM soporte WHERE estado <> 'Abierto'`);
      await tx.execute(sql`
        INSERT INTO agenda (contrato_id, fecha_evento, accion_realizar, titulo, descripcion, user_id, fecha_creacion)
        SELECT 1 + floor(random() * ${o.customers})::int, at, accion, accion, 'Visita programada', (${sql.raw(users)})[1 + floor(random() * ${o.userIds.length})::int], at - interval '3 days'
        FROM (SELECT g, ((${today}::date - 365 + floor(random() * 395)::int)::timestamp + interval '9 hours'
                + floor(random() * 21) * interval '30 minutes') AT TIME ZONE ${tz}::text AS at,
                (ARRAY['Instalación', 'Revisión de antena', 'Cambio de equipo', 'Retiro de equipo'])[1 + floor(random() * 4)::int] AS accion
              FROM generate_series(1, ${Math.max(50, Math.round(o.customers * 0.1))}::int) g) s
        ORDER BY at`);
      await tx.execute(sql`
        INSERT INTO movimientos_financieros_gastos (id_gasto, id_cuenta, monto, descripcion, fecha_realizacion, estado_pago, es_gasto, created_at)
        SELECT cat.id, (ARRAY[2, 3, 4])[1 + floor(random() * 3)::int], round((200 + random() * 8000)::numeric, 2), cat.nombre, d, 'Pagado', true, d::timestamp
        FROM generate_series(0, 47) AS m
        CROSS JOIN movimiento_financiero_categorias cat
        CROSS JOIN LATERAL (SELECT (date_trunc('month', ${today}::date - make_interval(months => m))::date + floor(random() * 27 + cat.id * 0)::int) AS d) x`);
    });
  });

  await timed(log, 'VACUUM ANALYZE', async () => {
    await db.execute(sql.raw('VACUUM ANALYZE'));
  });

  const tables = [
    'contratos',
    'pagos',
    'recibos',
    'movimientos_bancarios',
    'soporte',
    'agenda',
    'movimientos_financieros_gastos',
  ];
  const counts: LoadCounts = {};
  for (const t of tables) counts[t] = await count(db, t);
  counts['retrasados (activos, pagado_hasta < hoy)'] = Number(
    (
      (await db.execute(
        sql`SELECT count(*)::int AS n FROM contratos WHERE activo AND pagado_hasta < ${today}::date`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n,
  );
  counts['movimientos pendientes'] = Number(
    (
      (await db.execute(
        sql`SELECT count(*)::int AS n FROM movimientos_bancarios m WHERE NOT EXISTS (SELECT 1 FROM pagos p WHERE p.id_movimiento_financiero = m.id)`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n,
  );
  return counts;
}
