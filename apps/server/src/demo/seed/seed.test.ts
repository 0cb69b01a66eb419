import { PAYMENT_PLACES, SERVICE_TYPES } from '@airlink/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestDatabase, testDbKind } from '../../../test/test-db';
import type { Database, Db } from '../../db/client';
import { EXPENSE_CATEGORIES, seedBase } from '../../db/base-data';
import { DEMO_USERS, buildDemoData, seedDemo } from './demo';

/** A fixed instant: Sunday 15 March 2026, 12:30 in Mexico City. */
const NOW = new Date('2026-03-15T18:30:00Z');

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error('la consulta no devolvió filas');
  return row;
}

/** A fingerprint of the demo's customers, payments, receipts and bank movements. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  return one<Record<string, string>>(
    db,
    sql`SELECT
      (SELECT md5(string_agg(concat_ws('|', id, no, nombre, calle, numero, colonia, comunidad, telefono, email, tipo, monto,
         mac, fecha_contratacion, cortado, activo, facturar, search_text, pagado_hasta), ',' ORDER BY id)) FROM contratos) AS contratos,
      (SELECT md5(string_agg(concat_ws('|', id, guid, contrato_id, extract(epoch FROM fecha_pago), fecha_inicio, fecha_finalizacion,
         monto, monto_base, meses_cubiertos, id_cuenta, referencia, reconexion, id_movimiento_financiero), ',' ORDER BY id)) FROM pagos) AS pagos,
      (SELECT md5(string_agg(concat_ws('|', id, guid, pago_id, monto, monto_contrato), ',' ORDER BY id)) FROM recibos) AS recibos,
      (SELECT md5(string_agg(import_key, ',' ORDER BY id)) FROM movimientos_bancarios) AS movimientos,
      (SELECT sum(monto)::text FROM pagos) AS total`,
  );
}

async function counts(db: Db): Promise<Record<string, number>> {
  return one<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM contratos) AS contratos,
      (SELECT count(*)::int FROM pagos) AS pagos, (SELECT count(*)::int FROM recibos) AS recibos,
      (SELECT count(*)::int FROM cuentas) AS cuentas,
      (SELECT count(*)::int FROM movimiento_financiero_categorias) AS categorias,
      (SELECT count(*)::int FROM settings) AS settings`,
  );
}

describe('demo data in memory, for any `now`', () => {
  const categories = new Map(EXPENSE_CATEGORIES.map((c, i) => [c.nombre, i + 1]));
  // Month ends, a leap day, just after local midnight, a Sunday, and a few years ahead.
  const nows = [
    '2026-03-01T06:05:00Z',
    '2026-02-28T05:59:59Z',
    '2028-02-29T23:59:00Z',
    '2026-12-31T06:00:00Z',
    '2027-08-15T17:00:00Z',
    '2031-05-20T01:00:00Z',
  ];

  it.each(nows)('keeps its invariants at %s', (iso) => {
    const now = new Date(iso);
    const d = buildDemoData(now, categories);
    const future = (t: Date | null | undefined) => (t ?? now).getTime() > now.getTime();
    const byContract = new Map<number, typeof d.pagos>();
    for (const p of d.pagos) byContract.set(p.contratoId, [...(byContract.get(p.contratoId) ?? []), p]);
    const dayAfter = (s: string) => new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const list of byContract.values()) {
      list.forEach((p, i) => {
        const prev = list[i - 1];
        if (!prev) return;
        expect(p.fechaInicio > prev.fechaFinalizacion).toBe(true);
        if (!p.reconexion) expect(p.fechaInicio).toBe(dayAfter(prev.fechaFinalizacion));
      });
    }
    expect(d.pagos.some((p) => future(p.fechaPago))).toBe(false);
    expect(d.contratos.some((c) => future(c.createdAt) || future(c.fechaCancelacion))).toBe(false);
    expect(d.registros.some((r) => future(r.fechaCreacion))).toBe(false);
    expect(d.messages.some((m) => future(m.timestamp))).toBe(false);
    expect(new Set(d.contratos.map((c) => c.tipo)).size).toBe(SERVICE_TYPES.length);
    expect(new Set(d.soporte.map((t) => t.prioridad)).size).toBe(4);
    expect(new Set(d.soporte.map((t) => t.estado)).size).toBe(4);
    expect(new Set(d.gastos.map((g) => g.estadoPago)).size).toBe(3);
    expect(new Set(d.agenda.map((v) => v.fechaEvento.getTime())).size).toBe(d.agenda.length);
    expect(new Set(d.movimientos.map((m) => m.importKey)).size).toBe(d.movimientos.length);
    expect(new Set(d.devices.map((x) => x.hwaddr)).size).toBe(d.devices.length);
    const used = new Set(d.pagos.map((p) => p.idMovimientoFinanciero));
    expect(d.movimientos.filter((m) => !used.has(m.id))).toHaveLength(40);
  });
});

describe(`demo data (${testDbKind})`, () => {
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await seedBase(a.db);
    const result = await seedDemo(a.db, { now: NOW });
    expect(result.seeded).toBe(true);
    await seedBase(b.db);
    expect((await seedDemo(b.db, { now: NOW })).seeded).toBe(true);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('is deterministic: the same `now` gives the same rows', async () => {
    const fa = await fingerprint(a.db);
    expect(fa.contratos).toMatch(/^[0-9a-f]{32}$/);
    expect(await fingerprint(b.db)).toEqual(fa);
    // And in memory, without a database.
    const categories = new Map(EXPENSE_CATEGORIES.map((c, i) => [c.nombre, i + 1]));
    const x = buildDemoData(NOW, categories);
    const y = buildDemoData(NOW, categories);
    expect(JSON.stringify(y.pagos)).toBe(JSON.stringify(x.pagos));
    expect(JSON.stringify(y.messages)).toBe(JSON.stringify(x.messages));
    const later = buildDemoData(new Date(NOW.getTime() + 86_400_000), categories);
    expect(later.pagos.at(-1)?.fechaPago).not.toEqual(x.pagos.at(-1)?.fechaPago);
  });

  it('seedDemo is a no-op once there are users, and seedBase is idempotent', async () => {
    const before = await counts(a.db);
    const seq = await one<{ last_value: string; is_called: boolean }>(
      a.db,
      sql`SELECT last_value, is_called FROM contract_number_seq`,
    );
    await seedBase(a.db);
    await seedBase(a.db);
    expect(await seedDemo(a.db, { now: NOW })).toMatchObject({ seeded: false });
    expect(await seedDemo(a.db)).toMatchObject({ seeded: false });
    expect(await counts(a.db)).toEqual(before);
    expect(await one(a.db, sql`SELECT last_value, is_called FROM contract_number_seq`)).toEqual(seq);
    expect(before).toMatchObject({
      cuentas: PAYMENT_PLACES.length,
      categorias: EXPENSE_CATEGORIES.length,
      settings: 1,
    });
  });

  it('keeps the payment places with the spec ids and groups, and the company data', async () => {
    const cuentas = await rows<{ id: number; grupo: string }>(a.db, sql`SELECT id, grupo FROM cuentas ORDER BY id`);
    expect(cuentas).toEqual([...PAYMENT_PLACES].map((p) => ({ id: p.id, grupo: p.group })).sort((x, y) => x.id - y.id));
    const company = await one<{ value: { razonSocial: string; rfc: string; municipio: string } }>(
      a.db,
      sql`SELECT value FROM settings WHERE key = 'company'`,
    );
    expect(company.value).toMatchObject({
      municipio: 'Tizayuca',
      rfc: expect.stringMatching(/^[A-Z]{3}\d{6}[A-Z0-9]{3}$/),
    });
  });

  it('has the demo users at levels 5, 10, 16, 17, 18 and 20, plus one inactive user', async () => {
    const users = await rows<{ email: string; user_name: string; id_perfil_usuario: number; activo: boolean }>(
      a.db,
      sql`SELECT email, user_name, id_perfil_usuario, activo FROM users ORDER BY id`,
    );
    const active = users.filter((u) => u.activo);
    expect(active.map((u) => u.id_perfil_usuario)).toEqual([5, 10, 16, 17, 18, 20]);
    expect(active.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email));
    expect(active.every((u) => u.email.startsWith(`${u.user_name}@`))).toBe(true);
    expect(users.filter((u) => !u.activo)).toHaveLength(1);
    // Each demo user is linked to the employee with the same email.
    const links = await rows<{ email: string; employee_email: string | null }>(
      a.db,
      sql`SELECT u.email, e.email AS employee_email FROM users u LEFT JOIN employees e ON e.id = u.id_empleado ORDER BY u.id`,
    );
    expect(links.every((l) => l.employee_email === l.email)).toBe(true);
  });

  it('has about 300 customers of every service type and state', async () => {
    const s = await one<Record<string, number>>(
      a.db,
      sql`SELECT count(*)::int AS total,
        count(DISTINCT tipo)::int AS tipos,
        count(*) FILTER (WHERE no = 0)::int AS pendientes,
        count(*) FILTER (WHERE cortado)::int AS cortados,
        count(*) FILTER (WHERE NOT activo AND fecha_cancelacion IS NOT NULL AND motivo_cancelacion <> '')::int AS cancelados,
        count(*) FILTER (WHERE email <> '')::int AS con_email,
        count(*) FILTER (WHERE telefono !~ '^[0-9]{10}$')::int AS telefonos_malos,
        count(DISTINCT mac)::int AS macs,
        count(DISTINCT comunidad)::int AS comunidades,
        count(*) FILTER (WHERE estado = 'Estado de México')::int AS edomex
        FROM contratos`,
    );
    expect(s.total).toBeGreaterThanOrEqual(280);
    expect(s.total).toBeLessThanOrEqual(320);
    expect(s.tipos).toBe(SERVICE_TYPES.length);
    expect(s.pendientes).toBeGreaterThanOrEqual(10);
    expect(s.cortados).toBeGreaterThanOrEqual(5);
    expect(s.cancelados).toBeGreaterThanOrEqual(2);
    expect(s.con_email).toBeGreaterThan(50);
    expect(s.telefonos_malos).toBe(0);
    expect(s.macs).toBe(s.total);
    expect(s.comunidades).toBeGreaterThanOrEqual(10);
    expect(s.edomex).toBeGreaterThan(0);

    for (const t of SERVICE_TYPES) {
      const wrong = await one<{ n: number }>(
        a.db,
        sql`SELECT count(*)::int AS n FROM contratos WHERE tipo = ${t.value} AND (monto <> ${t.monthly} OR costo_instalacion <> ${t.monthly + 1000})`,
      );
      expect(wrong.n, `tipo ${t.value}`).toBe(0);
    }
    // Contract numbers 1..n in contract-date order; the sequence hands out the next one.
    const numbering = await one<{ n: number; bad: number; max: number }>(
      a.db,
      sql`SELECT count(*)::int AS n, max(no)::int AS max,
        count(*) FILTER (WHERE no <> rn)::int AS bad
        FROM (SELECT no, row_number() OVER (ORDER BY fecha_contratacion, id) AS rn FROM contratos WHERE no > 0) t`,
    );
    expect(numbering.bad).toBe(0);
    expect(numbering.max).toBe(numbering.n);
    const seq = await one<{ last_value: string; is_called: boolean }>(
      a.db,
      sql`SELECT last_value, is_called FROM contract_number_seq`,
    );
    expect(Number(seq.last_value) - (seq.is_called ? 0 : 1)).toBe(numbering.max);
    // The search text is lower-case and accent-free and carries the display id.
    const bad = await one<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM contratos
        WHERE search_text <> lower(search_text) OR search_text ~ '[áéíóúüñ]' OR search_text LIKE '%  %'
          OR (no > 0 AND position(to_char(fecha_contratacion, 'YY') || lpad(no::text, 4, '0') IN search_text) = 0)`,
    );
    expect(bad.n).toBe(0);
  });

  it('has contiguous payments that never overlap, each with exactly one receipt', async () => {
    const p = await one<Record<string, number>>(
      a.db,
      sql`WITH o AS (
          SELECT p.*, lag(fecha_finalizacion) OVER (PARTITION BY contrato_id ORDER BY fecha_inicio, id) AS prev_fin
          FROM pagos p)
        SELECT count(*)::int AS total,
          count(*) FILTER (WHERE prev_fin IS NOT NULL AND fecha_inicio <= prev_fin)::int AS solapados,
          count(*) FILTER (WHERE prev_fin IS NOT NULL AND NOT reconexion AND fecha_inicio <> prev_fin + 1)::int AS huecos,
          count(*) FILTER (WHERE reconexion)::int AS reconexiones,
          count(*) FILTER (WHERE fecha_finalizacion < fecha_inicio)::int AS al_reves,
          count(*) FILTER (WHERE fecha_pago > ${NOW})::int AS futuros
        FROM o`,
    );
    expect(p.total).toBeGreaterThan(2000);
    expect(p).toMatchObject({ solapados: 0, huecos: 0, al_reves: 0, futuros: 0 });
    expect(p.reconexiones).toBeGreaterThan(0);

    const r = await one<Record<string, number>>(
      a.db,
      sql`SELECT
        (SELECT count(*)::int FROM pagos p WHERE (SELECT count(*) FROM recibos r WHERE r.pago_id = p.id) <> 1) AS sin_recibo,
        (SELECT count(*)::int FROM recibos r JOIN pagos p ON p.id = r.pago_id
          WHERE r.guid <> p.guid OR r.monto <> p.monto OR r.fecha_inicio <> p.fecha_inicio OR r.cliente_id <> p.contrato_id) AS distintos,
        (SELECT count(*)::int FROM (SELECT id, row_number() OVER (ORDER BY fecha_pago, id) AS rn FROM recibos) t WHERE id <> rn) AS desordenados`,
    );
    expect(r).toEqual({ sin_recibo: 0, distintos: 0, desordenados: 0 });
  });

  it('charges whole months at the contract amount, with the reconnection fee and the invoice surcharge', async () => {
    const m = await one<{ malos: number; ajustes: number; banco_sin_ref: number; cuentas: number }>(
      a.db,
      sql`SELECT
        count(*) FILTER (WHERE p.monto_base <> c.monto * p.meses_cubiertos OR p.meses_cubiertos < 1
          OR p.monto <> CASE WHEN p.facturar
            THEN round((p.monto_base + CASE WHEN p.reconexion THEN 30 ELSE 0 END) * 1.16)
            ELSE p.monto_base + CASE WHEN p.reconexion THEN 30 ELSE 0 END END
          OR p.fecha_finalizacion <> (p.fecha_inicio + make_interval(months => p.meses_cubiertos))::date - 1)::int AS malos,
        count(*) FILTER (WHERE p.id_cuenta IN (8, 9, 10))::int AS ajustes,
        count(*) FILTER (WHERE p.id_cuenta IN (2, 5, 6) AND (p.referencia = '' OR p.id_movimiento_financiero IS NULL))::int AS banco_sin_ref,
        count(DISTINCT p.id_cuenta)::int AS cuentas
        FROM pagos p JOIN contratos c ON c.id = p.contrato_id`,
    );
    // Every place but Mercado Pago (11), whose payments come only from the portal (issue 24).
    expect(m).toMatchObject({ malos: 0, banco_sin_ref: 0, cuentas: PAYMENT_PLACES.length - 1 });
    expect(m.ajustes).toBeGreaterThan(0);
  });

  it('has late, suspended and paid-ahead customers', async () => {
    const today = '2026-03-15';
    const s = await one<Record<string, number>>(
      a.db,
      sql`WITH pu AS (SELECT c.id, c.cortado, c.activo, c.no, max(p.fecha_finalizacion) AS paid_until
          FROM contratos c LEFT JOIN pagos p ON p.contrato_id = c.id GROUP BY c.id)
        SELECT
          count(*) FILTER (WHERE no > 0 AND activo AND NOT cortado AND paid_until BETWEEN ${today}::date - 125 AND ${today}::date - 28)::int AS atrasados,
          count(*) FILTER (WHERE cortado AND paid_until < ${today}::date - 28)::int AS cortados_atrasados,
          count(*) FILTER (WHERE cortado)::int AS cortados,
          count(*) FILTER (WHERE paid_until > ${today}::date + 60)::int AS adelantados,
          count(*) FILTER (WHERE no > 0 AND paid_until IS NULL)::int AS sin_pagos
        FROM pu`,
    );
    expect(s.atrasados).toBeGreaterThanOrEqual(10);
    expect(s.cortados_atrasados).toBe(s.cortados);
    expect(s.adelantados).toBeGreaterThanOrEqual(3);
    expect(s.sin_pagos).toBe(0);
    // pagado_hasta is the last period paid, or the contract date while there is none.
    const paid = await one<{ malos: number; sin_pagos: number }>(
      a.db,
      sql`SELECT
        count(*) FILTER (WHERE c.pagado_hasta IS DISTINCT FROM
          COALESCE((SELECT max(p.fecha_finalizacion) FROM pagos p WHERE p.contrato_id = c.id), c.fecha_contratacion))::int AS malos,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM pagos p WHERE p.contrato_id = c.id))::int AS sin_pagos
        FROM contratos c`,
    );
    expect(paid.malos).toBe(0);
    expect(paid.sin_pagos).toBeGreaterThan(0);
  });

  it('has about 40 pending bank movements in the last 30 days', async () => {
    const m = await one<{ n: number; cuentas: number[]; viejos: number }>(
      a.db,
      sql`SELECT count(*)::int AS n, array_agg(DISTINCT id_cuenta ORDER BY id_cuenta) AS cuentas,
          count(*) FILTER (WHERE fecha_realizacion < '2026-03-15'::date - 30)::int AS viejos
        FROM movimientos_bancarios m WHERE NOT EXISTS (SELECT 1 FROM pagos p WHERE p.id_movimiento_financiero = m.id)`,
    );
    expect(m.n).toBeGreaterThanOrEqual(30);
    expect(m.n).toBeLessThanOrEqual(50);
    expect(m.cuentas).toEqual([2, 5, 6]);
    expect(m.viejos).toBe(0);
  });

  it('books visits in free 30-minute slots from 09:00 to 20:00, never on Sundays', async () => {
    const v = await one<Record<string, number>>(
      a.db,
      sql`WITH l AS (SELECT fecha_evento AT TIME ZONE 'America/Mexico_City' AS t FROM agenda)
        SELECT count(*)::int AS total, count(DISTINCT t)::int AS distintos,
          count(*) FILTER (WHERE extract(dow FROM t) = 0)::int AS domingos,
          count(*) FILTER (WHERE t::time < '09:00' OR t::time > '19:30' OR extract(minute FROM t) NOT IN (0, 30) OR extract(second FROM t) <> 0)::int AS fuera
        FROM l`,
    );
    expect(v.total).toBeGreaterThanOrEqual(30);
    expect(v).toMatchObject({ distintos: v.total, domingos: 0, fuera: 0 });
  });

  it('fills support, logs, expenses, network, staff, messaging and notifications', async () => {
    const c = await one<Record<string, number>>(
      a.db,
      sql`SELECT
        (SELECT count(DISTINCT prioridad)::int FROM soporte) AS prioridades,
        (SELECT count(DISTINCT estado)::int FROM soporte) AS estados,
        (SELECT count(*)::int FROM soporte_historial) AS historial,
        (SELECT count(*)::int FROM registros) AS registros,
        (SELECT count(DISTINCT estado_pago)::int FROM movimientos_financieros_gastos) AS estados_gasto,
        (SELECT count(*)::int FROM movimientos_financieros_gastos WHERE (estado_pago = 'Pagado') <> (fecha_realizacion IS NOT NULL)) AS gastos_malos,
        (SELECT count(*)::int FROM movimientos_financieros_gastos) AS gastos,
        (SELECT count(*)::int FROM sites WHERE id = id_site AND id IN (1, 2, 3, 8)) AS sites,
        (SELECT count(*)::int FROM routers) AS routers,
        (SELECT count(*)::int FROM devices WHERE contrato_id IS NOT NULL) AS dispositivos,
        (SELECT count(*)::int FROM devices d JOIN contratos c ON c.id = d.contrato_id WHERE c.mac <> d.hwaddr) AS mac_distinta,
        (SELECT count(DISTINCT device_id)::int FROM radio_samples) AS con_estadisticas,
        (SELECT count(*)::int FROM radio_samples WHERE signal NOT BETWEEN -80 AND -50 OR ccq NOT BETWEEN 60 AND 100) AS stats_malas,
        (SELECT count(*)::int FROM radio_current c JOIN devices d ON d.id = c.device_id WHERE d.last_stats_time IS DISTINCT FROM c.read_at) AS lectura_distinta,
        (SELECT count(DISTINCT router_id)::int FROM router_samples) AS routers_con_trafico,
        (SELECT count(*)::int FROM information_schema.tables WHERE table_name IN ('device_stats', 'router_traffic')) AS tablas_viejas,
        (SELECT count(DISTINCT departamento)::int FROM employees) AS departamentos,
        (SELECT count(*)::int FROM employees e WHERE e.faltas <> (SELECT count(*) FROM attendance a WHERE a.employee_id = e.id AND a.type = 'falta')) AS faltas_malas,
        (SELECT count(*)::int FROM messaging_instances) AS instancias,
        (SELECT count(DISTINCT conversation_id)::int FROM messages) AS conversaciones,
        (SELECT count(*)::int FROM messages WHERE is_group) AS mensajes_grupo,
        (SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'admin@airlink.mx') AS notificaciones,
        (SELECT count(*)::int FROM notifications WHERE read) AS leidas`,
    );
    expect(c).toMatchObject({
      prioridades: 4,
      estados: 4,
      estados_gasto: 3,
      gastos_malos: 0,
      sites: 4,
      routers: 4,
      mac_distinta: 0,
      stats_malas: 0,
      lectura_distinta: 0,
      routers_con_trafico: 4,
      tablas_viejas: 0,
      departamentos: 7,
      faltas_malas: 0,
      instancias: 7,
    });
    expect(c.historial).toBeGreaterThan(0);
    expect(c.registros).toBeGreaterThanOrEqual(150);
    expect(c.gastos).toBeGreaterThanOrEqual(60);
    expect(c.dispositivos).toBeGreaterThanOrEqual(140);
    expect(c.con_estadisticas).toBeGreaterThanOrEqual(15);
    expect(c.conversaciones).toBeGreaterThanOrEqual(12);
    expect(c.mensajes_grupo).toBeGreaterThan(0);
    expect(c.notificaciones).toBeGreaterThanOrEqual(8);
    expect(c.leidas).toBeGreaterThan(0);
    expect(c.leidas).toBeLessThan(c.notificaciones ?? 0);
  });

  it('puts nothing that already happened in the future', async () => {
    const future = await one<Record<string, number>>(
      a.db,
      sql`SELECT
        (SELECT count(*)::int FROM contratos WHERE created_at > ${NOW} OR fecha_contratacion > '2026-03-15' OR fecha_cancelacion > ${NOW}) AS contratos,
        (SELECT count(*)::int FROM registros WHERE fecha_creacion > ${NOW}) AS registros,
        (SELECT count(*)::int FROM soporte WHERE updated_at > ${NOW} OR created_at > updated_at) AS soporte,
        (SELECT count(*)::int FROM movimientos_bancarios WHERE created_at > ${NOW}) AS movimientos,
        (SELECT count(*)::int FROM movimientos_financieros_gastos WHERE created_at > ${NOW} OR fecha_realizacion > '2026-03-15') AS gastos,
        (SELECT count(*)::int FROM attendance WHERE created_at > ${NOW}) AS asistencias,
        (SELECT count(*)::int FROM messages WHERE timestamp > ${NOW} OR read_at > ${NOW}) AS mensajes,
        (SELECT count(*)::int FROM notifications WHERE created_at > ${NOW} OR read_at > ${NOW}) AS notificaciones,
        (SELECT count(*)::int FROM radio_samples WHERE bucket > ${NOW}) AS estadisticas`,
    );
    expect(
      Object.values(future).every((n) => n === 0),
      JSON.stringify(future),
    ).toBe(true);
  });

  it('leaves the id sequences after the seeded rows', async () => {
    const [row] = await a.db
      .execute(
        sql`INSERT INTO contratos (nombre, monto, costo_instalacion, fecha_contratacion, pagado_hasta) VALUES ('Prueba', 300, 1300, '2026-03-15', '2026-03-15') RETURNING id`,
      )
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const max = await one<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM contratos`);
    expect(row?.id).toBe(max.n);
  });

  it('takes a real payment right after seeding: payment and receipt numbers follow the seeded ones', async () => {
    const before = await one<{ pago: number; recibo: number; id: number; pagado_hasta: string; monto: string }>(
      a.db,
      sql`SELECT (SELECT max(id)::int FROM pagos) AS pago, (SELECT max(id)::int FROM recibos) AS recibo,
        c.id, c.pagado_hasta::text AS pagado_hasta, c.monto::text AS monto
        FROM contratos c WHERE c.activo AND NOT c.cortado AND c.no > 0 ORDER BY c.id LIMIT 1`,
    );
    const app = await createTestApp({ database: a, now: () => NOW });
    try {
      const cashier = DEMO_USERS.find((u) => u.idPerfilUsuario === 16)!;
      const { token } = await app.login(cashier.email);
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/Pagos/registrar',
        headers: { ...app.auth(token), 'idempotency-key': 'seed-test-first-payment' },
        // One month of the contract: a payment below it would have to be an abono (docs/business-rules.md "Payments").
        payload: { idCliente: before.id, monto: Number(before.monto), idCuenta: 2, referencia: 'SPEI 0000001' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ id: before.pago + 1, reciboId: before.recibo + 1 });
      const start = new Date(Date.parse(`${before.pagado_hasta}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(res.json().fechaInicio).toBe(start);
    } finally {
      await app.close();
    }
  });
});
