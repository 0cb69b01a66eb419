import { createHash } from 'node:crypto';
import type { Paged, WhatsAppConversation, WhatsAppInstance, WhatsAppMessage } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, messages, messagingInstances } from '../src/db/schema';
import { startFakeEvolutionServer, type FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { createTestApp, freePort, testConfig, type TestApp } from './test-app';

let t: TestApp;
const testEvolution = testConfig().evolution;
let fake: FakeEvolutionServer;
let admin: string;
let gerente: string;
let base: string;
const CUSTOMER = '5217713333333';
const GROUP_MEMBER = '5217714444444';

async function api<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<T>(), raw: res.body };
}

async function conversations(query = '') {
  const res = await api<Paged<WhatsAppConversation>>('GET', `/api/whatsapp/conversations${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** What the server logged (JSON lines): Evolution's own words go there, never into an answer. */
const logged: string[] = [];

const count = async () => (await t.database.db.select().from(messages)).length;

beforeAll(async () => {
  fake = await startFakeEvolutionServer({
    webhookRetry: { maxAttempts: 3, initialDelayMs: 20, maxDelayMs: 50 },
    instances: [
      {
        name: 'Personal',
        token: 'TOKEN-PERSONAL',
        groups: [{ subject: 'Técnicos AirLink', participants: [GROUP_MEMBER] }],
      },
      { name: 'Ventas', token: 'TOKEN-VENTAS', state: 'close' },
    ],
  });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    config: { publicUrl: base, evolution: { ...testEvolution, timeoutMs: 1_500 } },
    logStream: { write: (line) => void logged.push(line) },
  });
  await t.listen(port);
  const seal = (s: string) => t.app.ctx.secrets.seal(s);
  await t.database.db.insert(messagingInstances).values([
    {
      department: 'Personal',
      phone: '5217797961000',
      instanceName: 'Personal',
      baseUrl: fake.url,
      apiKeyEnc: seal('TOKEN-PERSONAL'),
    },
    {
      department: 'Ventas',
      phone: '5217797961001',
      instanceName: 'Ventas',
      baseUrl: fake.url,
      apiKeyEnc: seal('TOKEN-VENTAS'),
    },
    { department: 'Ventas Pachuca', phone: '5217717184010', instanceName: 'VentasPachuca', baseUrl: fake.url },
  ]);
  admin = (await t.login('admin@test.mx')).token;
  gerente = (await t.login('gerente@test.mx')).token;
});

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('WhatsApp levels', () => {
  const routes: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
    ['GET', '/api/whatsapp/instances'],
    ['GET', '/api/whatsapp/instances/Personal/state'],
    ['POST', '/api/whatsapp/instances/Personal/webhook'],
    ['POST', '/api/whatsapp/instances/Personal/send', { number: '7711234567', text: 'x' }],
    ['GET', '/api/whatsapp/conversations'],
    ['GET', '/api/whatsapp/conversations/1~x@s.whatsapp.net/messages'],
    ['POST', '/api/whatsapp/conversations/1~x@s.whatsapp.net/read'],
    ['POST', '/api/whatsapp/conversations/1~x@s.whatsapp.net/reply', { text: 'x' }],
    ['POST', '/api/whatsapp/conversations/1~x@s.whatsapp.net/history'],
    ['POST', '/api/whatsapp/instances', { department: 'x', phone: '7711234567', instanceName: 'x' }],
    ['DELETE', '/api/whatsapp/instances/1'],
    ['POST', '/api/whatsapp/instances/Personal/connect'],
    ['POST', '/api/whatsapp/instances/Personal/restart'],
    ['GET', '/api/whatsapp/instances/Personal/groups'],
    ['POST', '/api/whatsapp/instances/Personal/groups', { subject: 'x', participants: '7711234567' }],
    ['DELETE', '/api/whatsapp/instances/Personal/groups'],
    ['POST', '/api/whatsapp/instances/Personal/groups/send', { groupJid: '120363000000000001@g.us', text: 'x' }],
  ];
  it.each(routes)('%s %s: 401 signed out, 403 below level 20', async (method, url, payload) => {
    const out = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(out.statusCode).toBe(401);
    const low = await api(method, url, gerente, payload);
    expect(low.status).toBe(403);
  });

  it('lists the directory without any key', async () => {
    const res = await api<WhatsAppInstance[]>('GET', '/api/whatsapp/instances');
    expect(res.status).toBe(200);
    expect(res.body.map((i) => [i.department, i.hasKey])).toEqual([
      ['Personal', true],
      ['Ventas', true],
      ['Ventas Pachuca', false],
    ]);
    expect(res.raw).not.toContain('TOKEN-');
    expect(res.raw).not.toContain('apiKey');
  });
});

describe('directory', () => {
  it('adds and changes a department; the key is sealed and never returned', async () => {
    const made = await api<WhatsAppInstance>('POST', '/api/whatsapp/instances', admin, {
      department: 'HelpDesk',
      phone: '779 796 1004',
      instanceName: 'HelpDesk',
      apiKey: 'CLAVE-HELPDESK',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ department: 'HelpDesk', phone: '527797961004', hasKey: true });
    expect(made.raw).not.toContain('CLAVE');
    const [row] = await t.database.db.select().from(messagingInstances).where(eq(messagingInstances.id, made.body.id));
    expect(row!.apiKeyEnc).not.toContain('CLAVE');
    expect(t.app.ctx.secrets.open(row!.apiKeyEnc!)).toBe('CLAVE-HELPDESK');
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/instances/${made.body.id}`,
      headers: t.auth(admin),
      payload: { department: 'Help Desk', phone: '7797961004', instanceName: 'HelpDesk' },
    });
    expect(kept.json()).toMatchObject({ department: 'Help Desk', hasKey: true });
    const removed = await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/instances/${made.body.id}`,
      headers: t.auth(admin),
      payload: { department: 'Help Desk', phone: '7797961004', instanceName: 'HelpDesk', apiKey: '' },
    });
    expect(removed.json()).toMatchObject({ hasKey: false });
    const dup = await api<{ message: string }>('POST', '/api/whatsapp/instances', admin, {
      department: 'Otra',
      phone: '7797961009',
      instanceName: 'Personal',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/Ya existe una instancia/);
    const low = await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/instances/${made.body.id}`,
      headers: t.auth(gerente),
      payload: { department: 'x', phone: '7797961004', instanceName: 'HelpDesk' },
    });
    expect(low.statusCode).toBe(403);
    await t.database.db.delete(messagingInstances).where(eq(messagingInstances.id, made.body.id));
  });

  it("keeps the instance's own Evolution address (http or https only) and audits each change without the key", async () => {
    const bad = await api<{ message: string }>('POST', '/api/whatsapp/instances', admin, {
      department: 'Soporte',
      phone: '7797961005',
      instanceName: 'Soporte',
      baseUrl: 'ftp://evolution.airlink.mx',
    });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('La dirección de Evolution API debe empezar con http:// o https://');
    expect(
      await t.database.db.select().from(messagingInstances).where(eq(messagingInstances.instanceName, 'Soporte')),
    ).toHaveLength(0);
    const made = await api<WhatsAppInstance>('POST', '/api/whatsapp/instances', admin, {
      department: 'Soporte',
      phone: '7797961005',
      instanceName: 'Soporte',
      baseUrl: 'https://evolution.airlink.mx',
      apiKey: 'CLAVE-SOPORTE',
    });
    expect(made.status).toBe(201);
    const [row] = await t.database.db.select().from(messagingInstances).where(eq(messagingInstances.id, made.body.id));
    expect(row!.baseUrl).toBe('https://evolution.airlink.mx');
    // A change without baseUrl keeps the stored address.
    await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/instances/${made.body.id}`,
      headers: t.auth(admin),
      payload: { department: 'Soporte técnico', phone: '7797961005', instanceName: 'Soporte' },
    });
    const [kept] = await t.database.db.select().from(messagingInstances).where(eq(messagingInstances.id, made.body.id));
    expect(kept!.baseUrl).toBe('https://evolution.airlink.mx');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(made.body.id)));
    const mine = audits.filter((a) => a.entity === 'whatsapp_instance');
    expect(mine.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(mine.every((a) => a.userId !== null)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('CLAVE');
    expect(JSON.stringify(mine)).toContain('Soporte técnico');
    await t.database.db.delete(messagingInstances).where(eq(messagingInstances.id, made.body.id));
  });
});

describe('a stored key never goes to a new address', () => {
  it('changing the base URL needs the API key again (400 in Spanish when blank); the old key never reaches it', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(String(req.headers.apikey ?? ''));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ instance: { instanceName: 'Mover', state: 'open' } }));
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', () => r()));
    const newUrl = `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}`;
    const made = await api<WhatsAppInstance>('POST', '/api/whatsapp/instances', admin, {
      department: 'Mover',
      phone: '7797961011',
      instanceName: 'Mover',
      baseUrl: fake.url,
      apiKey: 'CLAVE-VIEJA',
    });
    expect(made.status).toBe(201);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/whatsapp/instances/${made.body.id}`,
        headers: t.auth(admin),
        payload: { department: 'Mover', phone: '7797961011', instanceName: 'Mover', ...payload },
      });
    try {
      for (const apiKey of [undefined, '', '   ']) {
        const res = await put({ baseUrl: newUrl, ...(apiKey === undefined ? {} : { apiKey }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^Escribe la API Key de nuevo/);
      }
      const [kept] = await t.database.db
        .select()
        .from(messagingInstances)
        .where(eq(messagingInstances.id, made.body.id));
      expect(kept!.baseUrl).toBe(fake.url);
      expect(t.app.ctx.secrets.open(kept!.apiKeyEnc!)).toBe('CLAVE-VIEJA');
      // The same address, or a change of anything else, keeps the stored key without asking for it.
      expect((await put({ baseUrl: fake.url, department: 'Mover 2' })).statusCode).toBe(200);
      const moved = await put({ baseUrl: newUrl, apiKey: 'CLAVE-NUEVA' });
      expect(moved.statusCode).toBe(200);
      await api('GET', '/api/whatsapp/instances/Mover/state');
      expect(seen).toEqual(['CLAVE-NUEVA']);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((r) => elsewhere.close(r));
      await t.database.db.delete(auditLog).where(eq(auditLog.entityId, String(made.body.id)));
      await t.database.db.delete(messagingInstances).where(eq(messagingInstances.id, made.body.id));
    }
  });
});

describe('the Registro of the directory', () => {
  it('create, edit and delete write what changed; the key only as contraseña cambiada', async () => {
    const made = await api<WhatsAppInstance>('POST', '/api/whatsapp/instances', admin, {
      department: 'Cobranza',
      phone: '7797961012',
      instanceName: 'CobranzaX',
      baseUrl: 'https://evo.airlink.mx',
      apiKey: 'CLAVE-COBRANZA',
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/whatsapp/instances/${id}`,
        headers: t.auth(admin),
        payload: { department: 'Cobranza', phone: '7797961012', instanceName: 'CobranzaX', ...payload },
      });
    expect((await put({ department: 'Cobranza Centro' })).statusCode).toBe(200);
    expect((await put({ department: 'Cobranza Centro', apiKey: 'CLAVE-OTRA' })).statusCode).toBe(200);
    // Nothing changed (the same key again): nothing to record.
    expect((await put({ department: 'Cobranza Centro', apiKey: 'CLAVE-OTRA' })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/whatsapp/instances/${id}`, headers: t.auth(admin) });
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.select().from(messagingInstances).where(eq(messagingInstances.id, id))).toHaveLength(0);
    const rows = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    )
      .filter((a) => a.entity === 'whatsapp_instance')
      .sort((a, b) => a.id - b.id);
    const fields = {
      phone: '527797961012',
      instanceName: 'CobranzaX',
      baseUrl: 'https://evo.airlink.mx',
    };
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'create',
        null,
        {
          department: 'Cobranza',
          ...fields,
          cambios: [
            'Departamento: Cobranza',
            'Teléfono: 527797961012',
            'Instancia: CobranzaX',
            'Dirección de Evolution API: https://evo.airlink.mx',
            'contraseña cambiada',
          ],
        },
      ],
      [
        'update',
        { department: 'Cobranza', ...fields },
        { department: 'Cobranza Centro', ...fields, cambios: ['Departamento: Cobranza -> Cobranza Centro'] },
      ],
      [
        'update',
        { department: 'Cobranza Centro', ...fields },
        { department: 'Cobranza Centro', ...fields, cambios: ['contraseña cambiada'] },
      ],
      [
        'delete',
        { department: 'Cobranza Centro', ...fields },
        {
          cambios: [
            'Departamento: Cobranza Centro',
            'Teléfono: 527797961012',
            'Instancia: CobranzaX',
            'Dirección de Evolution API: https://evo.airlink.mx',
          ],
        },
      ],
    ]);
    expect(rows.every((r) => r.userId !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('CLAVE');
  });

  it('refuses to delete an instance whose messages the inbox holds (409), and a missing one (404)', async () => {
    const [row] = await t.database.db
      .insert(messagingInstances)
      .values({ department: 'Con mensajes', phone: '5217797961013', instanceName: 'ConMensajes', baseUrl: '' })
      .returning();
    await t.database.db.insert(messages).values({
      instance: 'ConMensajes',
      instanceId: row!.id,
      messageId: 'CM-1',
      remoteJid: '5217719999998@s.whatsapp.net',
      conversationId: '527719999998@s.whatsapp.net',
      fromMe: false,
      timestamp: new Date(),
      content: 'Un registro',
    });
    const del = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/whatsapp/instances/${id}`, headers: t.auth(admin) });
    const res = await del(row!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'whatsapp_instance_in_use' });
    expect((await del(99999)).statusCode).toBe(404);
    await t.database.db.delete(messages).where(eq(messages.instance, 'ConMensajes'));
    await t.database.db.delete(messagingInstances).where(eq(messagingInstances.id, row!.id));
  });
});

describe('webhook', () => {
  it('points the instance at us with a fresh token and stores each message once', async () => {
    const set = await api<{ url: string }>('POST', '/api/whatsapp/instances/Personal/webhook');
    expect(set.status).toBe(200);
    expect(set.raw).not.toMatch(/webhook\/[A-Za-z0-9_-]{16,}/);
    const hook = fake.instance('Personal').webhook!;
    expect(hook.url).toMatch(new RegExp(`^${base}/api/whatsapp/webhook/[A-Za-z0-9_-]{16,}$`));
    expect(hook.events).toEqual(['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'MESSAGES_DELETE', 'CONNECTION_UPDATE']);
    // The database holds only the token's hash: a copy of it cannot forge Evolution's calls.
    const token = hook.url.split('/').pop()!;
    const [stored] = await t.database.db
      .select()
      .from(messagingInstances)
      .where(eq(messagingInstances.instanceName, 'Personal'));
    expect(stored!.webhookToken).not.toContain(token);
    expect(stored!.webhookToken).toBe(createHash('sha256').update(token).digest('hex'));
    const withStored = await t.app.inject({
      method: 'POST',
      url: `/api/whatsapp/webhook/${stored!.webhookToken}`,
      payload: { event: 'messages.upsert', instance: 'Personal', data: {} },
    });
    expect(withStored.statusCode).toBe(401);

    const push = vi.spyOn(t.app.ctx.hub, 'toAdmins');
    const m = fake.receiveMessage('Personal', {
      from: CUSTOMER,
      text: 'Hola, ¿tienen cobertura en Zempoala?',
      pushName: 'José Pérez',
    });
    await fake.idle();
    fake.redeliver('Personal', m.key.id, 2);
    await fake.idle();
    const rows = await t.database.db.select().from(messages).where(eq(messages.messageId, m.key.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      instance: 'Personal',
      fromMe: false,
      senderName: 'José Pérez',
      content: 'Hola, ¿tienen cobertura en Zempoala?',
    });
    const mine = fake.deliveries.filter((d) => d.event === 'messages.upsert');
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((d) => d.status === 200)).toBe(true);
    expect(push).toHaveBeenCalledTimes(1);
    expect(push.mock.calls[0]![0]).toBe('WhatsAppMessage');
    push.mockRestore();
  });

  it('refuses an unknown token (401, nothing stored) and a malformed body (400)', async () => {
    const before = await count();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook/not-a-real-token-0123456789',
      payload: {
        event: 'messages.upsert',
        instance: 'Personal',
        data: {
          key: { id: 'X1', remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false },
          message: { conversation: 'x' },
          messageType: 'conversation',
          messageTimestamp: 1,
        },
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/Token de webhook desconocido/);
    const token = fake.instance('Personal').webhook!.url.split('/').pop()!;
    const bad = await t.app.inject({ method: 'POST', url: `/api/whatsapp/webhook/${token}`, payload: { data: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('stores every type with its placeholder text and caption', async () => {
    const kinds: Array<[string, Record<string, unknown>, string, string]> = [
      ['imageMessage', { imageMessage: { caption: 'Comprobante' } }, 'image', 'Comprobante'],
      ['audioMessage', { audioMessage: { seconds: 4 } }, 'audio', ''],
      ['videoMessage', { videoMessage: { caption: 'Antena' } }, 'video', 'Antena'],
      ['documentMessage', { documentMessage: { fileName: 'Contrato.pdf' } }, 'document', 'Contrato.pdf'],
      [
        'locationMessage',
        { locationMessage: { degreesLatitude: 19.9, degreesLongitude: -98.9, name: 'Casa' } },
        'location',
        'Casa',
      ],
      ['contactMessage', { contactMessage: { displayName: 'Juan' } }, 'contact', 'Juan'],
      ['stickerMessage', { stickerMessage: {} }, 'sticker', ''],
      [
        'editedMessage',
        { editedMessage: { message: { protocolMessage: { editedMessage: { conversation: 'corregido' } } } } },
        'edited',
        'corregido',
      ],
      ['conversation', { conversation: '<b>64k</b>'.repeat(6400) }, 'text', '<b>64k</b>'.repeat(6400)],
    ];
    for (const [messageType, message] of kinds)
      fake.receiveMessage('Personal', { from: '5217715555555', messageType, message, pushName: 'Tipos' });
    await fake.idle();
    const conv = (await conversations('?search=tipos')).items[0]!;
    const list = await api<Paged<WhatsAppMessage>>(
      'GET',
      `/api/whatsapp/conversations/${encodeURIComponent(conv.id)}/messages`,
    );
    expect(list.status).toBe(200);
    // Deliveries run concurrently (same second): compare as sets.
    const byType = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(list.body.items.map((m) => [m.type, m.text.slice(0, 40), m.text.length]).sort(byType)).toEqual(
      kinds.map(([, , type, text]) => [type, text.slice(0, 40), text.length]).sort(byType),
    );
    expect(conv.preview.length).toBeLessThanOrEqual(63);
  });

  it('orders by the message time, not by arrival (a late, older event does not become the last message)', async () => {
    const now = Math.floor(Date.now() / 1000);
    fake.receiveMessage('Personal', {
      from: '5217717777777',
      text: 'Mensaje nuevo',
      pushName: 'Orden',
      timestamp: now,
    });
    await fake.idle();
    fake.receiveMessage('Personal', {
      from: '527717777777',
      text: 'Mensaje viejo que llegó tarde',
      pushName: 'Orden',
      timestamp: now - 600,
    });
    await fake.idle();
    const conv = (await conversations('?search=orden')).items[0]!;
    expect(conv).toMatchObject({ messageCount: 2, unreadCount: 2 });
    expect(conv.lastMessage.text).toBe('Mensaje nuevo');
    const list = await api<Paged<WhatsAppMessage>>(
      'GET',
      `/api/whatsapp/conversations/${encodeURIComponent(conv.id)}/messages`,
    );
    expect(list.body.items.map((m) => m.text)).toEqual(['Mensaje viejo que llegó tarde', 'Mensaje nuevo']);
    await api('POST', `/api/whatsapp/conversations/${encodeURIComponent(conv.id)}/read`);
  });

  it('keeps connection.update as the instance state', async () => {
    fake.setState('Personal', 'connecting');
    await fake.idle();
    const list = await api<WhatsAppInstance[]>('GET', '/api/whatsapp/instances');
    expect(list.body.find((i) => i.instanceName === 'Personal')?.state).toBe('connecting');
    fake.setState('Personal', 'open');
    await fake.idle();
  });
});

describe('conversations', () => {
  it('groups 521 and 52 forms into one conversation, with participants, unread count and group flag', async () => {
    fake.receiveMessage('Personal', { from: '527713333333', text: 'Segundo mensaje', pushName: 'José Pérez' });
    fake.receiveMessage('Personal', {
      from: GROUP_MEMBER,
      groupJid: fake.instance('Personal').groups[0]!.id,
      text: 'Ya quedó la torre',
      pushName: 'Omar',
    });
    await fake.idle();
    const all = await conversations();
    const jose = all.items.find((c) => c.name === 'José Pérez')!;
    expect(jose).toMatchObject({
      isGroup: false,
      unreadCount: 2,
      messageCount: 2,
      phone: '7713333333',
      department: 'Personal',
    });
    expect(jose.lastMessage.text).toBe('Segundo mensaje');
    const groups = await conversations('?filter=groups');
    expect(groups.items).toHaveLength(1);
    expect(groups.items[0]).toMatchObject({ isGroup: true, participants: [GROUP_MEMBER] });
    const individual = await conversations('?filter=individual');
    expect(individual.items.every((c) => !c.isGroup)).toBe(true);
    expect(individual.total + groups.total).toBe(all.total);
  });

  it('searches names and texts without accents or case, and pages', async () => {
    expect((await conversations('?search=JOSE%20PEREZ')).items.map((c) => c.name)).toEqual(['José Pérez']);
    expect((await conversations('?search=zempoala')).total).toBe(1);
    expect((await conversations('?search=torre')).items[0]?.isGroup).toBe(true);
    expect((await conversations('?search=100%25')).total).toBe(0);
    const page = await conversations('?pageSize=1&page=1');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(4);
    expect((await api('GET', '/api/whatsapp/conversations?filter=todos')).status).toBe(400);
  });

  it('marks as read and replies as the department, recording who sent it', async () => {
    const jose = (await conversations('?search=jose')).items[0]!;
    const id = encodeURIComponent(jose.id);
    expect((await api<{ marked: number }>('POST', `/api/whatsapp/conversations/${id}/read`)).body).toEqual({
      marked: 2,
    });
    expect((await conversations('?search=jose')).items[0]?.unreadCount).toBe(0);
    const sent = await api<{ message: WhatsAppMessage }>('POST', `/api/whatsapp/conversations/${id}/reply`, admin, {
      text: 'Sí, con gusto',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ fromMe: true, text: 'Sí, con gusto', sentByName: 'Adriana Admin' });
    await fake.idle();
    const after = (await conversations('?search=jose')).items[0]!;
    expect(after.id).toBe(jose.id);
    expect(after.messageCount).toBe(3);
    expect(fake.instance('Personal').messages.at(-1)?.message.conversation).toBe('Sí, con gusto');
  });

  it('answers a Spanish error and stores nothing when the instance is closed or has no key', async () => {
    await t.database.db.insert(messages).values({
      instance: 'Ventas',
      instanceId: 2,
      messageId: 'V1',
      remoteJid: `${CUSTOMER}@s.whatsapp.net`,
      conversationId: '527713333333@s.whatsapp.net',
      fromMe: false,
      timestamp: new Date(),
      content: 'Hola Ventas',
    });
    const before = await count();
    const res = await api<{ error: string; message: string }>(
      'POST',
      `/api/whatsapp/conversations/${encodeURIComponent('2~527713333333@s.whatsapp.net')}/reply`,
      admin,
      { text: 'Hola' },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/La instancia no está conectada. Estado: close/);
    const noKey = await api<{ error: string; message: string }>(
      'POST',
      '/api/whatsapp/instances/VentasPachuca/send',
      admin,
      { number: '7711234567', text: 'Hola' },
    );
    expect(noKey.status).toBe(409);
    expect(noKey.body.error).toBe('whatsapp_no_key');
    expect(await count()).toBe(before);
    expect((await api('GET', '/api/whatsapp/conversations/999~x/messages')).status).toBe(404);
    expect((await api('GET', '/api/whatsapp/conversations/basura/messages')).status).toBe(404);
  });

  it('sends from the test panel to a number (stored with the sender) and refuses an invalid phone', async () => {
    const bad = await api<{ message: string }>('POST', '/api/whatsapp/instances/Personal/send', admin, {
      number: '123',
      text: 'Hola',
    });
    expect(bad.status).toBe(400);
    const ok = await api<{ message: WhatsAppMessage }>('POST', '/api/whatsapp/instances/Personal/send', admin, {
      number: '771 666 6666',
      text: 'Prueba',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatchObject({
      fromMe: true,
      sentByUserId: expect.any(Number),
      conversationId: '527716666666@s.whatsapp.net',
    });
    const state = await api<{ state: string }>('GET', '/api/whatsapp/instances/Ventas/state');
    expect(state.body.state).toBe('close');
  });
});

describe('test panel', () => {
  it('connects, restarts and lists, creates, sends to and leaves groups', async () => {
    const open = await api<{ state: string }>('POST', '/api/whatsapp/instances/Personal/connect');
    expect(open.status).toBe(200);
    expect(open.body.state).toBe('open');
    const closed = await api<{ message: string }>('POST', '/api/whatsapp/instances/Ventas/restart');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/La instancia no está conectada/);
    const pairing = await api<{ state: string; qr: string }>('POST', '/api/whatsapp/instances/Ventas/connect');
    expect(pairing.body.state).toBe('pairing');

    const noName = await api<{ message: string }>('POST', '/api/whatsapp/instances/Personal/groups', admin, {
      subject: '  ',
      participants: '7711111111',
    });
    expect(noName.status).toBe(400);
    expect(noName.raw).toContain('El nombre del grupo es requerido');
    const made = await api<{ id: string; subject: string }>('POST', '/api/whatsapp/instances/Personal/groups', admin, {
      subject: 'Cuadrilla Norte',
      participants: ' 771 111 1111, ,7712222222 ',
    });
    expect(made.status).toBe(201);
    const list = await api<Array<{ id: string; subject: string }>>('GET', '/api/whatsapp/instances/Personal/groups');
    expect(list.body.map((g) => g.subject).sort()).toEqual(['Cuadrilla Norte', 'Técnicos AirLink']);
    const sent = await api<{ message: WhatsAppMessage }>(
      'POST',
      '/api/whatsapp/instances/Personal/groups/send',
      admin,
      {
        groupJid: made.body.id,
        text: 'Hola equipo',
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ fromMe: true, conversationId: made.body.id });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/whatsapp/instances/Personal/groups',
      headers: t.auth(admin),
    });
    expect(gone.json()).toMatchObject({ total: 2, left: 2 });
    expect((await api<unknown[]>('GET', '/api/whatsapp/instances/Personal/groups')).body).toEqual([]);
    const low = await api('POST', '/api/whatsapp/instances/Personal/connect', gerente);
    expect(low.status).toBe(403);
  });
});

describe("Evolution's words stay in the log", () => {
  it("answers a fixed Spanish text and the status, never Evolution's 4xx body", async () => {
    const res = await api<{ error: string; message: string }>(
      'POST',
      '/api/whatsapp/instances/Personal/groups/send',
      admin,
      { groupJid: '120363999999999999@g.us', text: 'Hola' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'whatsapp_provider', message: 'Evolution API rechazó la solicitud (400)' });
    expect(res.raw).not.toMatch(/item-not-found/i);
    // ... and Evolution's words are in the server log, with its code and status.
    const line = logged.find((l) => /item-not-found/i.test(l));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ code: 'evolution_bad_request', status: 400, level: 40 });
  });
});

describe('history import (Historial)', () => {
  it('imports every page of findMessages once, under both JID forms of a Mexican mobile', async () => {
    const jid521 = '5217718888888@s.whatsapp.net';
    const older = Math.floor(Date.now() / 1000) - 90 * 86_400;
    // 120 older messages only Evolution has (3 pages of 50 under 521…, and 5 under 52…).
    for (let i = 0; i < 120; i++)
      fake.instance('Personal').messages.push({
        id: `db-${i}`,
        key: { remoteJid: jid521, fromMe: i % 2 === 1, id: `HIST${i}` },
        pushName: i % 2 ? 'Você' : 'Marta',
        message: { conversation: `Mensaje viejo ${i}` },
        messageType: 'conversation',
        messageTimestamp: older + i * 60,
      });
    for (let i = 0; i < 5; i++)
      fake.instance('Personal').messages.push({
        id: `db52-${i}`,
        key: { remoteJid: '527718888888@s.whatsapp.net', fromMe: false, id: `HIST52-${i}` },
        pushName: 'Marta',
        message: { conversation: `Forma 52 ${i}` },
        messageType: 'conversation',
        messageTimestamp: older - 3600 + i,
      });
    fake.receiveMessage('Personal', { from: '5217718888888', text: 'Hola, soy Marta', pushName: 'Marta' });
    await fake.idle();
    const marta = (await conversations('?search=marta')).items[0]!;
    expect(marta.messageCount).toBe(1);
    const id = encodeURIComponent(marta.id);
    const first = await api<{ imported: number; found: number }>('POST', `/api/whatsapp/conversations/${id}/history`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ imported: 125, found: 126 });
    const again = await api<{ imported: number }>('POST', `/api/whatsapp/conversations/${id}/history`);
    expect(again.body).toMatchObject({ imported: 0, found: 126 });
    const after = (await conversations('?search=marta')).items[0]!;
    expect(after).toMatchObject({ id: marta.id, messageCount: 126, unreadCount: 1 });
    expect(after.lastMessage.text).toBe('Hola, soy Marta');
    const page = await api<Paged<WhatsAppMessage>>('GET', `/api/whatsapp/conversations/${id}/messages?pageSize=500`);
    expect(page.body.items[0]?.text).toBe('Forma 52 0');
    expect(page.body.items.filter((m) => m.fromMe).every((m) => m.senderName === 'Sin nombre')).toBe(true);
    expect((await api('POST', `/api/whatsapp/conversations/${id}/history`, gerente)).status).toBe(403);
  });

  it("says 'Instancia no encontrada' when Evolution does not know the instance, and stores nothing", async () => {
    const [row] = await t.database.db
      .insert(messagingInstances)
      .values({
        department: 'Soporte 02',
        phone: '5217797961005',
        instanceName: 'Soporte02',
        baseUrl: fake.url,
        apiKeyEnc: t.app.ctx.secrets.seal('TOKEN-X'),
      })
      .returning();
    await t.database.db.insert(messages).values({
      instance: 'Soporte02',
      instanceId: row!.id,
      messageId: 'S2-1',
      remoteJid: '5217719999999@s.whatsapp.net',
      conversationId: '527719999999@s.whatsapp.net',
      fromMe: false,
      timestamp: new Date(),
      content: 'Hola soporte',
    });
    const before = await count();
    const res = await api<{ message: string }>(
      'POST',
      `/api/whatsapp/conversations/${encodeURIComponent(`${row!.id}~527719999999@s.whatsapp.net`)}/history`,
    );
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Error al obtener historial de Evolution API: 404 - Instancia no encontrada');
    expect(await count()).toBe(before);
    expect((await api('POST', '/api/whatsapp/conversations/9999~x@s.whatsapp.net/history')).status).toBe(404);
  });
});

describe('a stalled or absent Evolution server', () => {
  it('answers a Spanish error within the timeout and records nothing as sent', async () => {
    const { createServer } = await import('node:http');
    const stalled = createServer(() => undefined); // accepts and never answers
    await new Promise<void>((r) => stalled.listen(0, '127.0.0.1', () => r()));
    const port = (stalled.address() as { port: number }).port;
    await t.database.db.insert(messagingInstances).values([
      {
        department: 'Lenta',
        phone: '5217797961007',
        instanceName: 'Lenta',
        baseUrl: `http://127.0.0.1:${port}`,
        apiKeyEnc: t.app.ctx.secrets.seal('K'),
      },
      {
        department: 'Apagada',
        phone: '5217797961008',
        instanceName: 'Apagada',
        baseUrl: `http://127.0.0.1:${await freePort()}`,
        apiKeyEnc: t.app.ctx.secrets.seal('K'),
      },
    ]);
    try {
      const before = await count();
      const started = Date.now();
      const slow = await api<{ message: string }>('POST', '/api/whatsapp/instances/Lenta/send', admin, {
        number: '7711234567',
        text: 'Hola',
      });
      // The 1.5 s limit ended it, not the hung server (whose answer never comes); room for a busy machine.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(slow.status).toBe(502);
      expect(slow.body.message).toBe('Evolution API no respondió en 1.5 s');
      const down = await api<{ message: string }>('GET', '/api/whatsapp/instances/Apagada/state');
      expect(down.status).toBe(502);
      expect(down.body.message).toMatch(
        /^No se pudo conectar con Evolution API \(127\.0\.0\.1:\d+\): conexión rechazada$/,
      );
      expect(await count()).toBe(before);
    } finally {
      stalled.closeAllConnections();
      await new Promise((r) => stalled.close(r));
    }
  });

  it('has a 10 s deadline by default', () => {
    expect(testEvolution.timeoutMs).toBe(10_000);
  });
});
