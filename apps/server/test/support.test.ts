import {
  displayId,
  searchTextOf,
  type Notification,
  type SupportTicket,
  type SupportTicketDetail,
  type Paged,
} from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contratos, soporteHistorial, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
const tok: Record<string, string> = {};
/** Ids of TEST_USERS rows (insertion order) and of a level-1 user made here. */
const SUPPORT_USER = 1;
const USER_10 = 2;
const ADMIN = 6;
const INACTIVE = 7;

interface CustomerSeed {
  nombre: string;
  calle?: string;
  numero?: string;
  colonia?: string;
  comunidad?: string;
  telefono?: string;
  no?: number;
  fechaContratacion?: string;
}

/** Inserts a customer straight into `contratos`, filling every required column and its search text. */
async function insertCustomer(seed: CustomerSeed) {
  const row = {
    calle: '',
    numero: '',
    colonia: '',
    comunidad: '',
    telefono: '',
    email: '',
    no: 0,
    fechaContratacion: '2026-01-15',
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

let jose: Awaited<ReturnType<typeof insertCustomer>>;
let maria: Awaited<ReturnType<typeof insertCustomer>>;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? t.auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const create = async (token: string, payload: Record<string, unknown>) => {
  const res = await req('POST', '/api/soporte', token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SupportTicket;
};
const detail = async (id: number) =>
  (await req('GET', `/api/soporte/${id}`, tok.soporte)).json() as SupportTicketDetail;
const notificationsOf = async (token: string) =>
  (await req('GET', '/api/notifications', token)).json() as Notification[];

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(users).values({
    email: 'tecnico@test.mx',
    nombre: 'Tomás',
    apellidos: 'Técnico',
    userName: 'tecnico',
    idPerfilUsuario: 1,
  });
  for (const [k, email] of [
    ['soporte', 'soporte@test.mx'],
    ['usuario', 'usuario@test.mx'],
    ['gerente', 'gerente@test.mx'],
    ['admin', 'admin@test.mx'],
    ['nivel1', 'tecnico@test.mx'],
  ] as const) {
    tok[k] = (await t.login(email)).token;
  }
  jose = await insertCustomer({
    nombre: 'José Hernández',
    calle: 'Hidalgo',
    numero: '12',
    colonia: 'Centro',
    comunidad: 'Tizayuca',
    telefono: '7711234567',
    no: 12,
  });
  maria = await insertCustomer({
    nombre: 'María Pérez',
    calle: 'Juárez',
    numero: '3',
    colonia: 'La Loma',
    telefono: '7719876543',
  });
});
afterAll(() => t.close());

describe('access', () => {
  it('answers 401 without a token on every support route', async () => {
    for (const [method, url] of [
      ['POST', '/api/soporte'],
      ['GET', '/api/soporte'],
      ['GET', '/api/soporte/resumen'],
      ['GET', '/api/soporte/asignables'],
      ['GET', '/api/soporte/1'],
      ['PUT', '/api/soporte/1'],
      ['GET', `/api/customer/1/supports`],
    ] as const) {
      const res = await req(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('any signed-in user opens tickets; reading and managing them needs level 5', async () => {
    const ticket = await create(tok.nivel1!, { idCliente: jose.id, titulo: 'Llamó el técnico' });
    expect(ticket.creadoPor).toBe('Tomás Técnico');
    for (const [method, url] of [
      ['GET', '/api/soporte'],
      ['GET', '/api/soporte/resumen'],
      ['GET', '/api/soporte/asignables'],
      ['GET', `/api/soporte/${ticket.id}`],
      ['PUT', `/api/soporte/${ticket.id}`],
      ['GET', `/api/customer/${jose.id}/supports`],
    ] as const) {
      const res = await req(method, url, tok.nivel1, method === 'PUT' ? { estado: 'Cerrado' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Level 5 (the lowest staff level the spec names) reads and manages.
    expect((await req('GET', `/api/soporte/${ticket.id}`, tok.soporte)).statusCode).toBe(200);
    expect((await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { estado: 'Cerrado' })).statusCode).toBe(200);
  });
});

describe('documentation', () => {
  it('documents the support and agenda routes in the OpenAPI document', async () => {
    const res = await req('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/soporte',
      '/api/soporte/resumen',
      '/api/soporte/asignables',
      '/api/soporte/{id}',
      '/api/customer/{id}/supports',
      '/api/agenda',
      '/api/customer/{id}/agenda',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('POST /api/soporte', () => {
  it('opens a ticket Abierto for the customer, with defaults from the customer', async () => {
    // The spec's payload, with PascalCase field names as the old client sends them.
    const res = await req('POST', '/api/Soporte', tok.usuario, {
      IdCliente: jose.id,
      IdContrato: jose.id,
      Titulo: 'Sin internet',
      Observaciones: 'Desde ayer',
      TelefonoCliente: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json() as SupportTicket;
    expect(ticket).toMatchObject({
      idCliente: jose.id,
      idContrato: jose.id,
      idcliente: jose.idcliente,
      nombreCliente: 'José Hernández',
      titulo: 'Sin internet',
      observaciones: 'Desde ayer',
      telefonoCliente: '7711234567',
      prioridad: 4,
      estado: 'Abierto',
      asignadoA: null,
      asignadoNombre: null,
      creadoPor: 'Ulises Usuario',
    });
    expect(jose.idcliente).toBe('260012JoseHernandezHidalgo12Centro');
    const d = await detail(ticket.id);
    expect(d.historial).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        usuario: 'Ulises Usuario',
        campo: 'creado',
        antes: null,
        despues: 'Abierto, prioridad Baja',
      },
    ]);
  });

  it('keeps a given phone and priority; idContrato defaults to idCliente', async () => {
    const ticket = await create(tok.soporte!, {
      idCliente: maria.id,
      titulo: 'Lento',
      telefonoCliente: '55 1234 5678',
      prioridad: 2,
    });
    expect(ticket).toMatchObject({
      idContrato: maria.id,
      telefonoCliente: '55 1234 5678',
      prioridad: 2,
      idcliente: maria.idcliente,
    });
    expect(maria.idcliente.startsWith('26    ')).toBe(true);
  });

  it('refuses bad input with Spanish messages, never a 500', async () => {
    const missing = await req('POST', '/api/soporte', tok.soporte, { idCliente: jose.id, titulo: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toMatchObject({ titulo: ['El título es obligatorio'] });
    const noTitle = await req('POST', '/api/soporte', tok.soporte, { idCliente: jose.id });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().details.titulo).toBeDefined();
    const priority = await req('POST', '/api/soporte', tok.soporte, { idCliente: jose.id, titulo: 'x', prioridad: 7 });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().details.prioridad[0]).toMatch(/Prioridad desconocida/);
    const phone = await req('POST', '/api/soporte', tok.soporte, {
      idCliente: jose.id,
      titulo: 'x',
      telefonoCliente: 'llamar',
    });
    expect(phone.statusCode).toBe(400);
    const noCustomer = await req('POST', '/api/soporte', tok.soporte, { titulo: 'x' });
    expect(noCustomer.statusCode).toBe(400);
    const mismatch = await req('POST', '/api/soporte', tok.soporte, {
      idCliente: jose.id,
      idContrato: maria.id,
      titulo: 'x',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringMatching(/contrato no corresponde/),
    });
    const unknown = await req('POST', '/api/soporte', tok.soporte, { idCliente: 999999, titulo: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'El cliente no existe.' });
    const huge = await req('POST', '/api/soporte', tok.soporte, { idCliente: 99999999999, titulo: 'x' });
    expect(huge.statusCode).toBe(400);
  });

  it('stores HTML and SQL text verbatim', async () => {
    const titulo = '<img src=x onerror=alert(1)>';
    const observaciones = '\'); DROP TABLE soporte; -- " OR 1=1';
    const ticket = await create(tok.soporte!, { idCliente: maria.id, titulo, observaciones });
    expect(ticket).toMatchObject({ titulo, observaciones });
    expect(await detail(ticket.id)).toMatchObject({ titulo, observaciones });
    const list = (await req('GET', `/api/soporte?q=${encodeURIComponent('drop table')}`, tok.soporte)).json();
    expect(list.items.map((x: SupportTicket) => x.id)).toEqual([ticket.id]);
  });

  it('notifies level 20 with the priority and the customer', async () => {
    const ticket = await create(tok.soporte!, { idCliente: jose.id, titulo: 'Antena caída', prioridad: 1 });
    const [n] = await notificationsOf(tok.admin!);
    expect(n).toMatchObject({
      user: 'Nuevo ticket de soporte',
      message: 'José Hernández: Antena caída (prioridad Critico)',
      customerId: jose.id,
      customerName: 'José Hernández',
      url: `/dashboard/profile?id=${jose.id}`,
    });
    expect(ticket.prioridad).toBe(1);
    expect((await notificationsOf(tok.gerente!)).some((x) => x.user === 'Nuevo ticket de soporte')).toBe(false);
  });
});

describe('PUT /api/soporte/{id}', () => {
  it('records each real change with readable before/after, newest first, and an audit record', async () => {
    const ticket = await create(tok.soporte!, { idCliente: maria.id, titulo: 'Cambiar router' });
    const res = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, {
      estado: 'En Progreso',
      prioridad: 2,
      asignadoA: USER_10,
      nota: 'Se llamó al cliente',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as SupportTicketDetail;
    expect(d).toMatchObject({
      estado: 'En Progreso',
      prioridad: 2,
      asignadoA: USER_10,
      asignadoNombre: 'Ulises Usuario',
    });
    expect(d.historial.map(({ campo, antes, despues, usuario }) => ({ campo, antes, despues, usuario }))).toEqual(
      expect.arrayContaining([
        { campo: 'estado', antes: 'Abierto', despues: 'En Progreso', usuario: 'Sofía Soporte' },
        { campo: 'prioridad', antes: 'Baja', despues: 'Urgente', usuario: 'Sofía Soporte' },
        { campo: 'asignadoA', antes: 'Sin asignar', despues: 'Ulises Usuario', usuario: 'Sofía Soporte' },
        { campo: 'nota', antes: null, despues: 'Se llamó al cliente', usuario: 'Sofía Soporte' },
      ]),
    );
    expect(d.historial).toHaveLength(5);
    expect(d.historial.at(-1)?.campo).toBe('creado');
    expect(Date.parse(d.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'support_ticket'),
          eq(auditLog.entityId, String(ticket.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: SUPPORT_USER,
      before: { estado: 'Abierto', prioridad: 4, asignadoA: null },
      after: { estado: 'En Progreso', prioridad: 2, asignadoA: USER_10 },
    });

    // Reassign and unassign: names on both sides.
    const re = (
      await req('PUT', `/api/soporte/${ticket.id}`, tok.admin, { asignadoA: ADMIN })
    ).json() as SupportTicketDetail;
    expect(re.historial[0]).toMatchObject({
      campo: 'asignadoA',
      antes: 'Ulises Usuario',
      despues: 'Adriana Admin',
      usuario: 'Adriana Admin',
    });
    const un = (
      await req('PUT', `/api/soporte/${ticket.id}`, tok.admin, { asignadoA: null })
    ).json() as SupportTicketDetail;
    expect(un).toMatchObject({ asignadoA: null, asignadoNombre: null });
    expect(un.historial[0]).toMatchObject({ campo: 'asignadoA', antes: 'Adriana Admin', despues: 'Sin asignar' });
  });

  it('records nothing for values that did not change', async () => {
    const ticket = await create(tok.soporte!, { idCliente: maria.id, titulo: 'Sin cambios', prioridad: 3 });
    const res = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, {
      estado: 'Abierto',
      prioridad: 3,
      asignadoA: null,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json() as SupportTicketDetail;
    expect(d.historial.map((h) => h.campo)).toEqual(['creado']);
    expect(d.updatedAt).toBe(ticket.updatedAt);
    const rows = await t.database.db.select().from(soporteHistorial).where(eq(soporteHistorial.soporteId, ticket.id));
    expect(rows).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'support_ticket'),
          eq(auditLog.entityId, String(ticket.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audits).toHaveLength(0);
    // Only the field that changes is recorded.
    const one = (
      await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { estado: 'Resuelto', prioridad: 3 })
    ).json() as SupportTicketDetail;
    expect(one.historial.map((h) => h.campo)).toEqual(['estado', 'creado']);
  });

  it('refuses bad changes', async () => {
    const ticket = await create(tok.soporte!, { idCliente: jose.id, titulo: 'Validar cambios' });
    const inactive = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { asignadoA: INACTIVE });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({
      message: 'El usuario asignado no existe o está inactivo.',
      details: { asignadoA: ['Elige un usuario activo'] },
    });
    const nobody = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { asignadoA: 4242 });
    expect(nobody.statusCode).toBe(400);
    const estado = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { estado: 'Perdido' });
    expect(estado.statusCode).toBe(400);
    expect(estado.json().details.estado[0]).toMatch(/Estado desconocido/);
    const priority = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { prioridad: 7 });
    expect(priority.statusCode).toBe(400);
    const empty = await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/No hay cambios que guardar/);
    const missing = await req('PUT', '/api/soporte/999999', tok.soporte, { estado: 'Cerrado' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El ticket de soporte no existe.');
    expect((await req('GET', '/api/soporte/abc', tok.soporte)).statusCode).toBe(400);
    expect((await req('GET', '/api/soporte/999999', tok.soporte)).statusCode).toBe(404);
    // A refused change leaves the ticket as it was.
    const d = await detail(ticket.id);
    expect(d).toMatchObject({ estado: 'Abierto', asignadoA: null, prioridad: 4 });
    expect(d.historial).toHaveLength(1);
  });

  it('notifies the new assignee unless they assigned themselves', async () => {
    const ticket = await create(tok.soporte!, { idCliente: jose.id, titulo: 'Revisar señal' });
    await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { asignadoA: USER_10 });
    const [n] = await notificationsOf(tok.usuario!);
    expect(n).toMatchObject({
      user: 'Ticket asignado',
      message: `Sofía Soporte te asignó el ticket #${ticket.id}: Revisar señal (José Hernández)`,
      customerId: jose.id,
      url: `/dashboard/profile?id=${jose.id}`,
    });
    const before = (await notificationsOf(tok.soporte!)).filter((x) => x.user === 'Ticket asignado').length;
    await req('PUT', `/api/soporte/${ticket.id}`, tok.soporte, { asignadoA: SUPPORT_USER });
    expect((await notificationsOf(tok.soporte!)).filter((x) => x.user === 'Ticket asignado')).toHaveLength(before);
  });
});

describe('lists, counters and assignees', () => {
  let ids: Record<string, number>;
  let lupita: Awaited<ReturnType<typeof insertCustomer>>;
  beforeAll(async () => {
    lupita = await insertCustomer({
      nombre: 'Guadalupe Ñúñez',
      calle: 'Reforma',
      numero: '8',
      colonia: 'Pitahayas',
      telefono: '7710000001',
      no: 345,
      fechaContratacion: '2025-06-01',
    });
    const a = await create(tok.soporte!, {
      idCliente: lupita.id,
      titulo: 'Antena desalineada',
      observaciones: 'El viento movió la ANTÉNA',
      prioridad: 1,
    });
    const b = await create(tok.soporte!, {
      idCliente: lupita.id,
      titulo: 'Cobro duplicado',
      observaciones: 'Pagó 100% dos veces',
      prioridad: 3,
    });
    const c = await create(tok.soporte!, {
      idCliente: lupita.id,
      titulo: 'Cambio de domicilio',
      observaciones: 'se_muda',
    });
    await req('PUT', `/api/soporte/${b.id}`, tok.soporte, { estado: 'En Progreso', asignadoA: USER_10 });
    await req('PUT', `/api/soporte/${c.id}`, tok.soporte, { estado: 'Cerrado' });
    ids = { a: a.id, b: b.id, c: c.id };
  });

  const list = async (query: string) => {
    const res = await req('GET', `/api/soporte?${query}`, tok.soporte);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Paged<SupportTicket>;
  };
  const idsOf = (r: { items: SupportTicket[] }) => r.items.map((x) => x.id).sort((x, y) => x - y);

  it('searches title, observations and the customer, ignoring case and accents; every word must match', async () => {
    expect(idsOf(await list('q=nunez'))).toEqual([ids.a, ids.b, ids.c]);
    expect(idsOf(await list('q=NÚÑEZ antena'))).toEqual([ids.a]);
    expect(idsOf(await list('q=movio'))).toEqual([ids.a]);
    expect(idsOf(await list('q=guadalupe duplicado'))).toEqual([ids.b]);
    // A piece of the display id (year + contract number) and the phone.
    expect(idsOf(await list('q=250345'))).toEqual([ids.a, ids.b, ids.c]);
    expect(idsOf(await list('q=7710000001 cambio'))).toEqual([ids.c]);
    // LIKE wildcards are literal.
    expect(idsOf(await list(`q=${encodeURIComponent('100%')}`))).toEqual([ids.b]);
    expect(idsOf(await list('q=se_muda'))).toEqual([ids.c]);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await list('q=nunez inexistente')).total).toBe(0);
    expect((await list('q=pitahayas')).items[0]).toMatchObject({
      nombreCliente: 'Guadalupe Ñúñez',
      idcliente: lupita.idcliente,
    });
  });

  it('filters by status, priority and assignee (0 = unassigned)', async () => {
    expect(idsOf(await list('q=nunez&estado=En%20Progreso'))).toEqual([ids.b]);
    expect(idsOf(await list('q=nunez&prioridad=1'))).toEqual([ids.a]);
    expect(idsOf(await list(`q=nunez&asignadoA=${USER_10}`))).toEqual([ids.b]);
    expect(idsOf(await list('q=nunez&asignadoA=0'))).toEqual([ids.a, ids.c]);
    const all = await list('pageSize=100&asignadoA=0');
    expect(all.items.every((x) => x.asignadoA === null)).toBe(true);
    expect((await req('GET', '/api/soporte?estado=Perdido', tok.soporte)).statusCode).toBe(400);
    expect((await req('GET', '/api/soporte?prioridad=7', tok.soporte)).statusCode).toBe(400);
    expect((await req('GET', '/api/soporte?sort=password', tok.soporte)).statusCode).toBe(400);
    expect((await req('GET', '/api/soporte?pageSize=1000', tok.soporte)).statusCode).toBe(400);
  });

  it('pages and sorts on the server', async () => {
    const byPriority = await list('q=nunez&sort=prioridad&dir=asc');
    expect(byPriority.items.map((x) => x.prioridad)).toEqual([1, 3, 4]);
    const newest = await list('q=nunez');
    expect(newest.items.map((x) => x.id)).toEqual([ids.c, ids.b, ids.a]);
    const page = await list('q=nunez&pageSize=2&page=1');
    expect(page).toMatchObject({ total: 3, items: [{ id: ids.a }] });
    const all = await list('pageSize=100');
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(10);
    expect((await list('')).items).toHaveLength(10);
  });

  it('counts tickets per status in one summary that follows changes', async () => {
    const before = (await req('GET', '/api/soporte/resumen', tok.soporte)).json();
    const all = await list('pageSize=100');
    const count = (estado: string) => all.items.filter((x) => x.estado === estado).length;
    expect(before).toEqual({
      Abierto: count('Abierto'),
      'En Progreso': count('En Progreso'),
      Resuelto: count('Resuelto'),
      Cerrado: count('Cerrado'),
      total: all.total,
    });
    await req('PUT', `/api/soporte/${ids.a}`, tok.soporte, { estado: 'Resuelto' });
    const after = (await req('GET', '/api/soporte/resumen', tok.soporte)).json();
    expect(after).toEqual({ ...before, Abierto: before.Abierto - 1, Resuelto: before.Resuelto + 1 });
  });

  it('lists active staff as assignees', async () => {
    const res = (await req('GET', '/api/soporte/asignables', tok.soporte)).json() as { id: number; nombre: string }[];
    expect(res).toContainEqual({ id: USER_10, nombre: 'Ulises Usuario' });
    expect(res).toContainEqual({ id: ADMIN, nombre: 'Adriana Admin' });
    expect(res.some((u) => u.id === INACTIVE)).toBe(false);
    expect(res).toHaveLength(7); // six active test users and the level-1 technician
  });

  it("lists one customer's tickets, newest first, paged; 404 for an unknown customer", async () => {
    const res = await req('GET', `/api/customer/${lupita.id}/supports?pageSize=2`, tok.soporte);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, items: [{ id: ids.c }, { id: ids.b }] });
    const second = (await req('GET', `/api/customer/${lupita.id}/supports?pageSize=2&page=1`, tok.soporte)).json();
    expect(second.items.map((x: SupportTicket) => x.id)).toEqual([ids.a]);
    const unknown = await req('GET', '/api/customer/999999/supports', tok.soporte);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El cliente no existe.');
  });
});
