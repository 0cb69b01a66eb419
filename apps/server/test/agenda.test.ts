import { displayId, searchTextOf, type AgendaEvent, type Notification } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agenda, contratos, registros, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

/** The fixed "now" of these tests: Wednesday 18 Nov 2026, 10:00 in Mexico City (UTC-6, no daylight saving). */
const NOW = new Date('2026-11-18T16:00:00Z');
const DAY = 86_400_000;
const local = (date: string, time: string) => `${date}T${time}:00-06:00`;

let t: TestApp;
const tok: Record<string, string> = {};

async function insertCustomer(seed: {
  nombre: string;
  calle?: string;
  numero?: string;
  colonia?: string;
  no?: number;
}) {
  const row = {
    calle: '',
    numero: '',
    colonia: '',
    comunidad: '',
    telefono: '',
    email: '',
    no: 0,
    fechaContratacion: '2026-03-02',
    ...seed,
  };
  const [inserted] = await t.database.db
    .insert(contratos)
    .values({
      ...row,
      monto: 300,
      costoInstalacion: 1300,
      pagadoHasta: row.fechaContratacion,
      searchText: searchTextOf(row),
    })
    .returning();
  return { ...inserted!, idcliente: displayId(row) };
}

let ana: Awaited<ReturnType<typeof insertCustomer>>;
let beto: Awaited<ReturnType<typeof insertCustomer>>;

const req = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? t.auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const visit = (fechaEvento: string, extra: Record<string, unknown> = {}) => ({
  idCliente: ana.id,
  fechaEvento,
  accionRealizar: 'Revisión',
  titulo: 'Revisar antena',
  descripcion: 'Llevar escalera',
  ...extra,
});
const post = (payload: unknown, token = tok.soporte!) => req('POST', '/api/agenda', token, payload);

beforeAll(async () => {
  // The clock is injected so "the past" and the default range do not depend on when the tests run.
  t = await createTestApp({ now: () => NOW });
  await t.database.db.insert(users).values({
    email: 'tecnico@test.mx',
    nombre: 'Tomás',
    apellidos: 'Técnico',
    userName: 'tecnico',
    idPerfilUsuario: 1,
  });
  for (const [k, email] of [
    ['soporte', 'soporte@test.mx'],
    ['gerente', 'gerente@test.mx'],
    ['admin', 'admin@test.mx'],
    ['nivel1', 'tecnico@test.mx'],
  ] as const) {
    tok[k] = (await t.login(email)).token;
  }
  ana = await insertCustomer({ nombre: 'Ana Gómez', calle: 'Morelos', numero: '5', colonia: 'Centro', no: 7 });
  beto = await insertCustomer({ nombre: 'Beto Ruiz', calle: 'Allende', numero: '9', colonia: 'Norte' });
});
afterAll(() => t.close());

describe('access', () => {
  it('answers 401 without a token', async () => {
    expect((await req('GET', '/api/agenda')).statusCode).toBe(401);
    expect((await req('POST', '/api/agenda', undefined, visit(local('2026-11-19', '10:00')))).statusCode).toBe(401);
    expect((await req('GET', `/api/customer/${ana.id}/agenda`)).statusCode).toBe(401);
  });

  it('any signed-in user schedules a visit; reading the agenda needs level 5', async () => {
    const res = await post(visit(local('2026-11-19', '09:00'), { titulo: 'Visita del técnico' }), tok.nivel1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().usuario).toBe('Tomás Técnico');
    expect((await req('GET', '/api/agenda', tok.nivel1)).statusCode).toBe(403);
    expect((await req('GET', `/api/customer/${ana.id}/agenda`, tok.nivel1)).statusCode).toBe(403);
    expect((await req('GET', '/api/agenda', tok.soporte)).statusCode).toBe(200);
    expect((await req('GET', `/api/customer/${ana.id}/agenda`, tok.soporte)).statusCode).toBe(200);
  });
});

describe('POST /api/agenda', () => {
  it('schedules a visit on a free slot, 30 minutes long, with the customer', async () => {
    const res = await post(visit(local('2026-11-19', '10:00')));
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json() as AgendaEvent;
    expect(event).toMatchObject({
      idCliente: ana.id,
      idcliente: ana.idcliente,
      nombreCliente: 'Ana Gómez',
      fechaEvento: '2026-11-19T16:00:00.000Z',
      fechaFin: '2026-11-19T16:30:00.000Z',
      accionRealizar: 'Revisión',
      titulo: 'Revisar antena',
      descripcion: 'Llevar escalera',
      usuario: 'Sofía Soporte',
    });
    expect(ana.idcliente).toBe('260007AnaGomezMorelos5Centro');
    // The last slot of the day (19:30) and a Saturday are fine.
    expect((await post(visit(local('2026-11-19', '19:30')))).statusCode).toBe(201);
    expect((await post(visit(local('2026-11-21', '09:30')))).statusCode).toBe(201);
  });

  it.each([
    ['a Sunday', local('2026-11-22', '10:00'), 'No se agendan visitas en domingo. Elige un día de lunes a sábado.'],
    ['before 09:00', local('2026-11-19', '08:30'), 'El horario de visitas es de 09:00 a 20:00.'],
    ['at 20:00', local('2026-11-19', '20:00'), 'El horario de visitas es de 09:00 a 20:00.'],
    [
      'off the half hour',
      local('2026-11-19', '10:15'),
      'Las visitas se agendan en bloques de 30 minutos (por ejemplo 10:00 o 10:30).',
    ],
    [
      'with seconds',
      '2026-11-19T10:00:30-06:00',
      'Las visitas se agendan en bloques de 30 minutos (por ejemplo 10:00 o 10:30).',
    ],
    ['earlier today', local('2026-11-18', '09:30'), 'No se puede agendar una visita en el pasado.'],
    ['last week', local('2026-11-10', '10:00'), 'No se puede agendar una visita en el pasado.'],
  ])('refuses %s with 400 invalid_slot', async (_, fechaEvento, message) => {
    const res = await post(visit(fechaEvento));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_slot', message });
  });

  it('reads the slot in the business time zone, whatever offset the instant is written in', async () => {
    // 21:00 UTC is 15:00 in Mexico City: valid. 02:30 UTC on Friday is 20:30 Thursday there: not valid.
    expect((await post(visit('2026-11-20T21:00:00Z'))).statusCode).toBe(201);
    const late = await post(visit('2026-11-21T02:30:00Z'));
    expect(late.json()).toMatchObject({ error: 'invalid_slot', message: 'El horario de visitas es de 09:00 a 20:00.' });
  });

  it('refuses bad input with Spanish messages, never a 500', async () => {
    for (const fechaEvento of ['mañana', '2026-13-01T10:00:00Z', '2026-11-19 10:00', '', 42]) {
      const res = await post(visit(fechaEvento as string));
      expect(res.statusCode, String(fechaEvento)).toBe(400);
      expect(res.json().details.fechaEvento).toEqual(['Elige la fecha y hora de la visita']);
    }
    const noTitle = await post(visit(local('2026-11-23', '10:00'), { titulo: ' ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().details.titulo).toEqual(['El título es obligatorio']);
    const noAction = await post({ idCliente: ana.id, fechaEvento: local('2026-11-23', '10:00'), titulo: 'x' });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().details.accionRealizar).toBeDefined();
    const unknown = await post(visit(local('2026-11-23', '10:00'), { idCliente: 999999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'El cliente no existe.' });
    // Nothing of the refused requests was stored.
    const rows = await t.database.db
      .select()
      .from(agenda)
      .where(eq(agenda.fechaEvento, new Date(local('2026-11-23', '10:00'))));
    expect(rows).toHaveLength(0);
  });

  it('stores HTML and SQL text verbatim', async () => {
    const titulo = '<script>alert("x")</script>';
    const descripcion = "1'; DELETE FROM agenda; --";
    const res = await post(
      visit(local('2026-11-24', '12:00'), { titulo, descripcion, accionRealizar: '<b>Instalación</b>' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ titulo, descripcion, accionRealizar: '<b>Instalación</b>' });
    const [row] = await t.database.db.select().from(agenda).where(eq(agenda.id, res.json().id));
    expect(row).toMatchObject({ titulo, descripcion });
  });

  it('refuses a taken slot with 409 naming the other visit', async () => {
    expect((await post(visit(local('2026-11-25', '11:00')))).statusCode).toBe(201);
    const again = await post(visit(local('2026-11-25', '11:00'), { idCliente: beto.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'slot_taken',
      message: 'Ese horario ya está ocupado por otra visita (Ana Gómez). Elige otro.',
    });
    // The same instant written in UTC is the same slot.
    expect((await post(visit('2026-11-25T17:00:00Z', { idCliente: beto.id }))).statusCode).toBe(409);
    // The next slot is free.
    expect((await post(visit(local('2026-11-25', '11:30'), { idCliente: beto.id }))).statusCode).toBe(201);
  });

  it('gives a slot to exactly one of several concurrent requests', async () => {
    const fechaEvento = local('2026-11-26', '16:00');
    const results = await Promise.all(
      [ana, beto, ana, beto, ana].map((c) => post(visit(fechaEvento, { idCliente: c.id }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(agenda)
      .where(eq(agenda.fechaEvento, new Date(fechaEvento)));
    expect(rows).toHaveLength(1);
  });

  it('notifies level 20 with the date and time, and writes nothing to the customer log', async () => {
    const res = await post(
      visit(local('2026-11-27', '13:30'), {
        idCliente: beto.id,
        titulo: 'Instalar router',
        accionRealizar: 'Instalación',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [n] = (await req('GET', '/api/notifications', tok.admin)).json() as Notification[];
    expect(n).toMatchObject({
      user: 'Nueva visita',
      message: '27/11/2026 13:30 · Beto Ruiz: Instalar router (Instalación)',
      customerId: beto.id,
      customerName: 'Beto Ruiz',
      url: `/dashboard/profile?id=${beto.id}`,
    });
    const gerente = (await req('GET', '/api/notifications', tok.gerente)).json() as Notification[];
    expect(gerente.some((x) => x.user === 'Nueva visita')).toBe(false);
    expect(await t.database.db.select().from(registros).where(eq(registros.contratoId, beto.id))).toHaveLength(0);
  });
});

describe('GET /api/agenda', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const at = (days: number, extra = 0) => new Date(NOW.getTime() + days * DAY + extra);
    for (const [key, when] of [
      ['eightBack', at(-8)],
      ['sixBack', at(-6)],
      ['fiftyNine', at(59)],
      ['sixtyOne', at(61)],
    ] as const) {
      const [row] = await t.database.db
        .insert(agenda)
        .values({ contratoId: beto.id, fechaEvento: when, accionRealizar: 'Revisión', titulo: key, userId: 1 })
        .returning({ id: agenda.id });
      ids[key] = row!.id;
    }
    // An agenda event without a customer.
    const [free] = await t.database.db
      .insert(agenda)
      .values({ fechaEvento: at(2, 3600_000), titulo: 'Junta de técnicos' })
      .returning({ id: agenda.id });
    ids.free = free!.id;
  });

  it('defaults to 7 days back and 60 days ahead, ordered by start', async () => {
    const res = await req('GET', '/api/agenda', tok.soporte);
    expect(res.statusCode).toBe(200);
    const events = res.json() as AgendaEvent[];
    const got = events.map((e) => e.id);
    expect(got).toContain(ids.sixBack);
    expect(got).toContain(ids.fiftyNine);
    expect(got).not.toContain(ids.eightBack);
    expect(got).not.toContain(ids.sixtyOne);
    const starts = events.map((e) => Date.parse(e.fechaEvento));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(events.find((e) => e.id === ids.sixBack)).toMatchObject({
      nombreCliente: 'Beto Ruiz',
      idcliente: beto.idcliente,
      usuario: 'Sofía Soporte',
    });
    expect(events.find((e) => e.id === ids.free)).toMatchObject({
      idCliente: null,
      idcliente: null,
      nombreCliente: null,
      usuario: null,
      descripcion: '',
    });
  });

  it('returns events in [desde, hasta)', async () => {
    const desde = encodeURIComponent(local('2026-11-25', '11:00'));
    const hasta = encodeURIComponent(local('2026-11-25', '11:30'));
    const events = (await req('GET', `/api/agenda?desde=${desde}&hasta=${hasta}`, tok.soporte)).json() as AgendaEvent[];
    expect(events.map((e) => e.fechaEvento)).toEqual(['2026-11-25T17:00:00.000Z']);
    const old = encodeURIComponent(new Date(NOW.getTime() - 9 * DAY).toISOString());
    const fromOld = (await req('GET', `/api/agenda?desde=${old}`, tok.soporte)).json() as AgendaEvent[];
    expect(fromOld.map((e) => e.id)).toContain(ids.eightBack);
  });

  it('refuses bad ranges in Spanish', async () => {
    const bad = await req('GET', '/api/agenda?desde=ayer', tok.soporte);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.desde).toEqual(['Fecha inicial inválida']);
    const a = encodeURIComponent('2026-11-20T00:00:00Z');
    const b = encodeURIComponent('2026-11-19T00:00:00Z');
    const reversed = await req('GET', `/api/agenda?desde=${a}&hasta=${b}`, tok.soporte);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/La fecha inicial debe ser antes de la final/);
    const huge = await req(
      'GET',
      `/api/agenda?desde=${encodeURIComponent('2000-01-01T00:00:00Z')}&hasta=${a}`,
      tok.soporte,
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/máximo 400 días/);
  });
});

describe('GET /api/customer/{id}/agenda', () => {
  it("pages one customer's events, newest first; 404 for an unknown customer", async () => {
    const all = (await req('GET', `/api/customer/${beto.id}/agenda?pageSize=100`, tok.soporte)).json() as {
      items: AgendaEvent[];
      total: number;
    };
    expect(all.total).toBe(all.items.length);
    expect(all.items.every((e) => e.idCliente === beto.id)).toBe(true);
    const starts = all.items.map((e) => Date.parse(e.fechaEvento));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const page = (await req('GET', `/api/customer/${beto.id}/agenda?pageSize=2&page=1`, tok.soporte)).json() as {
      items: AgendaEvent[];
      total: number;
    };
    expect(page.total).toBe(all.total);
    expect(page.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    const first = (await req('GET', `/api/customer/${beto.id}/agenda`, tok.soporte)).json() as { items: AgendaEvent[] };
    expect(first.items[0]?.titulo).toBe('sixtyOne');
    const unknown = await req('GET', '/api/customer/999999/agenda', tok.soporte);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El cliente no existe.');
  });
});
