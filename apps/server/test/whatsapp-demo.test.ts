import type { WhatsAppGroup, WhatsAppInstance } from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { messages, messagingInstances } from '../src/db/schema';
import { DEMO_EVOLUTION_KEY, startDemoEvolution } from '../src/demo/evolution';
import { createTestApp, freePort, type TestApp } from './test-app';

let t: TestApp;
let demo: Awaited<ReturnType<typeof startDemoEvolution>>;
let admin: string;
let listening: string;
const CHAT = '5217715551234@s.whatsapp.net';
const GROUP = '120363000000000077@g.us';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  const port = await freePort();
  listening = `http://127.0.0.1:${port}`;
  t = await createTestApp({ config: { publicUrl: 'https://airlink.ejemplo.mx' } });
  await t.listen(port);
  const db = t.database.db;
  // The seed's directory: loopback base URLs and no keys (build-messaging.ts), plus one set by an admin.
  const rows = await db
    .insert(messagingInstances)
    .values([
      { department: 'Ventas', phone: '5217797961001', instanceName: 'Ventas', baseUrl: 'http://127.0.0.1:8080' },
      {
        department: 'Ventas Pachuca',
        phone: '5217717184010',
        instanceName: 'VentasPachuca',
        baseUrl: 'http://127.0.0.1:8080',
      },
      { department: 'Personal', phone: '5217797961000', instanceName: 'Personal', baseUrl: 'http://127.0.0.1:8080' },
      {
        department: 'Externa',
        phone: '5217797961009',
        instanceName: 'Externa',
        baseUrl: 'https://evolution.ejemplo.mx',
        apiKeyEnc: t.app.ctx.secrets.seal('CLAVE-REAL'),
      },
    ])
    .returning();
  const ventas = rows[0]!;
  const base = { instance: 'Ventas', instanceId: ventas.id };
  await db.insert(messages).values([
    {
      ...base,
      messageId: 'SEED-1',
      remoteJid: CHAT,
      conversationId: '527715551234@s.whatsapp.net',
      fromMe: false,
      fromNumber: '5217715551234',
      timestamp: minutesAgo(30),
      content: 'Hola, ¿tienen cobertura?',
      senderName: 'Rosa',
    },
    {
      ...base,
      messageId: 'SEED-2',
      remoteJid: CHAT,
      conversationId: '527715551234@s.whatsapp.net',
      fromMe: true,
      fromNumber: '5217797961001',
      timestamp: minutesAgo(20),
      content: 'Sí, con gusto',
      senderName: 'AirLink Ventas',
      readAt: minutesAgo(20),
    },
    {
      ...base,
      messageId: 'SEED-3',
      remoteJid: GROUP,
      conversationId: GROUP,
      fromMe: false,
      fromNumber: '5217711112222',
      timestamp: minutesAgo(10),
      content: 'Instalación lista',
      senderName: 'Omar',
      isGroup: true,
      raw: { groupSubject: 'Técnicos AirLink' },
    },
  ]);
  demo = await startDemoEvolution(db, t.app.ctx.secrets, { host: '127.0.0.1', port: 0 });
  await Promise.all(demo.instances.map((name) => t.app.ctx.whatsappDirectory.setWebhook(name, listening)));
  admin = (await t.login('admin@test.mx')).token;
});

afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

async function api<T>(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: t.auth(admin), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<T>() };
}

async function until<T>(read: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('demo WhatsApp (npm start without EVOLUTION_API_URL)', () => {
  it('points the loopback directory at the fake with sealed keys; Ventas Pachuca stays without one', async () => {
    const list = await api<WhatsAppInstance[]>('GET', '/api/whatsapp/instances');
    const by = new Map(list.body.map((i) => [i.instanceName, i]));
    expect(by.get('Ventas')).toMatchObject({ baseUrl: demo.fake.url, hasKey: true, webhookSet: true });
    expect(by.get('Personal')).toMatchObject({ baseUrl: demo.fake.url, hasKey: true, webhookSet: true });
    expect(by.get('VentasPachuca')).toMatchObject({ baseUrl: demo.fake.url, hasKey: false, webhookSet: false });
    expect(by.get('Externa')).toMatchObject({ baseUrl: 'https://evolution.ejemplo.mx', hasKey: true });
    expect(demo.instances.sort()).toEqual(['Personal', 'Ventas']);
    const state = await api<{ state: string }>('GET', '/api/whatsapp/instances/Ventas/state');
    expect(state.body.state).toBe('open');
  });

  it('the fake holds the seeded chats under the same ids and some older history for Historial', async () => {
    const [ventas] = await t.database.db
      .select()
      .from(messagingInstances)
      .where(eq(messagingInstances.instanceName, 'Ventas'));
    const conversation = encodeURIComponent(`${ventas!.id}~527715551234@s.whatsapp.net`);
    const first = await api<{ imported: number; found: number }>(
      'POST',
      `/api/whatsapp/conversations/${conversation}/history`,
    );
    expect(first.body).toEqual({ imported: 3, found: 5 });
    expect((await api('POST', `/api/whatsapp/conversations/${conversation}/history`)).body).toEqual({
      imported: 0,
      found: 5,
    });
    const groups = await api<WhatsAppGroup[]>('GET', '/api/whatsapp/instances/Ventas/groups');
    expect(groups.body.map((g) => [g.id, g.subject])).toEqual([[GROUP, 'Técnicos AirLink']]);
  });

  it('answers a text sent to a number with an echo that arrives through the webhook', async () => {
    const sent = await api<{ message: { id: number } }>('POST', '/api/whatsapp/instances/Personal/send', {
      number: '7715550000',
      text: 'Hola demo',
    });
    expect(sent.status).toBe(200);
    const echo = await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.instance, 'Personal'), eq(messages.content, 'Eco: Hola demo')));
      return row;
    });
    expect(echo).toMatchObject({ fromMe: false, conversationId: '527715550000@s.whatsapp.net' });
    // The demo's customer read it first: the inbox shows blue ticks on the sent message.
    const read = await until(async () => {
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.body.message.id));
      return row?.status === 'read' ? row : undefined;
    });
    expect(read).toMatchObject({ fromMe: true, content: 'Hola demo' });
  });

  it('has test-only control routes guarded by the demo key', async () => {
    const url = `${demo.fake.url}/fake/state/Personal`;
    const post = (key: string | null, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { apikey: key } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post(null, { state: 'close' })).status).toBe(401);
    expect((await post('demo-Personal', { state: 'close' })).status).toBe(401); // an instance key is not enough
    expect((await post(DEMO_EVOLUTION_KEY, { state: 'nada' })).status).toBe(400);
    expect((await post(DEMO_EVOLUTION_KEY, { state: 'close' })).status).toBe(200);
    const stored = await until(async () => {
      const [row] = await t.database.db
        .select({ state: messagingInstances.state })
        .from(messagingInstances)
        .where(eq(messagingInstances.instanceName, 'Personal'));
      return row?.state === 'close' ? row : undefined;
    });
    expect(stored.state).toBe('close');
    const res = await api<{ message: string }>('POST', '/api/whatsapp/instances/Personal/send', {
      number: '7715550000',
      text: 'Hola',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('La instancia no está conectada. Estado: close');
    const arrived = await fetch(`${demo.fake.url}/fake/receive/Ventas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: DEMO_EVOLUTION_KEY },
      body: JSON.stringify({ from: '5217715551234', text: 'Sigo esperando', pushName: 'Rosa' }),
    });
    expect(arrived.status).toBe(201);
    await until(async () => {
      const [row] = await t.database.db.select().from(messages).where(eq(messages.content, 'Sigo esperando'));
      return row;
    });
  });
});

describe('EVOLUTION_API_URL and EVOLUTION_API_KEY', () => {
  const env = { NODE_ENV: 'development', PORT: '4000', DATA_DIR: '/tmp/airlink-config-unused' };
  const secret = { APP_SECRET: 'x'.repeat(16) + 'y'.repeat(16) };
  it('runs the demo fake only without EVOLUTION_API_URL and outside production, on PORT+2', () => {
    const demoCfg = loadConfig({ ...env, ...secret });
    expect(demoCfg.evolution).toEqual({
      url: undefined,
      key: undefined,
      timeoutMs: 10_000,
      demoFake: true,
      demoPort: 4002,
    });
    const real = loadConfig({
      ...env,
      ...secret,
      EVOLUTION_API_URL: 'https://evo.ejemplo.mx/',
      EVOLUTION_API_KEY: ' GLOBAL ',
      DEMO_EVOLUTION_PORT: '5000',
    });
    expect(real.evolution).toMatchObject({
      url: 'https://evo.ejemplo.mx',
      key: 'GLOBAL',
      demoFake: false,
      demoPort: 5000,
    });
  });

  it('never runs the demo fake in production', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'q7Vd2mK9xZ4pL8rT1wB6nY3cH5gJ0fS2uE7aQ9vM4kR8',
      PUBLIC_URL: 'https://airlink.ejemplo.mx',
      OIDC_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'GOCSPX-client-secret',
      DATABASE_URL: 'postgres://airlink@db.internal:5432/airlink',
    });
    expect(production.evolution.demoFake).toBe(false);
  });

  it('refuses an EVOLUTION_API_URL that is not an address', () => {
    expect(() => loadConfig({ ...env, ...secret, EVOLUTION_API_URL: 'evolution' })).toThrow(ConfigError);
  });
});
