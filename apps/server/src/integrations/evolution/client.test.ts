import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvolutionClient } from './client';
import { EvolutionError, type EvolutionBadRequestError, type EvolutionServerError } from './errors';
import { startFakeEvolutionServer, type FakeEvolutionServer } from '../../demo/fakes/evolution/fake-server';
import type { EvolutionWebhookEnvelope } from './types';

const CUSTOMER = '5217713333333';
let fake: FakeEvolutionServer;
let admin: EvolutionClient;

beforeAll(async () => {
  fake = await startFakeEvolutionServer({
    globalKey: 'GLOBAL-KEY-123',
    unknownNumbers: ['5215500000000'],
    webhookRetry: { maxAttempts: 4, initialDelayMs: 20, maxDelayMs: 100 },
    restartReconnectMs: 20,
    instances: [
      {
        name: 'Personal',
        token: 'TOKEN-PERSONAL',
        number: '5217710000001',
        groups: [{ subject: 'Técnicos', participants: ['5217711111111', '5217712222222'] }],
        messages: Array.from({ length: 7 }, (_, i) => ({
          chat: CUSTOMER,
          text: `mensaje ${i + 1}`,
          fromMe: i % 2 === 1,
          pushName: 'Juana',
          minutesAgo: 70 - i * 10,
        })),
      },
      { name: 'Ventas', token: 'TOKEN-VENTAS', state: 'close' },
      { name: 'Soporte 01', token: 'TOKEN-SOPORTE' },
      { name: 'Cobranza', token: 'TOKEN-COBRANZA' },
      { name: 'HelpDesk', token: 'TOKEN-HELPDESK' },
      { name: 'Ventas Pachuca' },
    ],
  });
  admin = new EvolutionClient({ baseUrl: fake.url, apiKey: fake.globalKey, timeoutMs: 5_000 });
});

afterAll(async () => {
  await fake.stop();
});

async function failure(p: Promise<unknown>): Promise<EvolutionError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(EvolutionError);
  return e as EvolutionError;
}

/** A local HTTP listener standing in for AirLink's webhook route. */
async function listener(answer: (n: number, req: IncomingMessage) => number = () => 200) {
  const received: { path: string; headers: IncomingMessage['headers']; body: EvolutionWebhookEnvelope }[] = [];
  let n = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      n++;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()) as EvolutionWebhookEnvelope,
      });
      res.writeHead(answer(n, req)).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/whatsapp/webhook/tok3n-0123456789abcdef`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('apikey (global or instance key)', () => {
  it('accepts the global key and the instance token on that instance', async () => {
    expect(await admin.connectionState('Personal')).toBe('open');
    const own = new EvolutionClient({ baseUrl: fake.url, apiKey: 'TOKEN-PERSONAL' });
    expect(await own.connectionState('Personal')).toBe('open');
  });

  it('refuses another instance token, a wrong key and no key with 401', async () => {
    for (const apiKey of ['TOKEN-VENTAS', 'wrong', '']) {
      const e = await failure(new EvolutionClient({ baseUrl: fake.url, apiKey }).connectionState('Personal'));
      expect(e.code).toBe('evolution_unauthorized');
      expect(e.status).toBe(401);
      expect(e.message).toBe('Evolution API rechazó la clave (apikey) configurada para esta instancia');
    }
  });

  it('answers 404 for an unknown instance before checking the key', async () => {
    const e = await failure(new EvolutionClient({ baseUrl: fake.url, apiKey: 'wrong' }).connectionState('Nadie'));
    expect(e.code).toBe('evolution_instance_not_found');
    expect(e.status).toBe(404);
    expect(e.message).toBe('Instancia no encontrada en Evolution API: Nadie');
  });

  it('never puts the key in an error', async () => {
    const e = await failure(
      new EvolutionClient({ baseUrl: fake.url, apiKey: 'SECRETO-123' }).sendText('Personal', {
        number: CUSTOMER,
        text: 'x',
      }),
    );
    expect(`${e.message} ${JSON.stringify(e)} ${String(e.stack)}`).not.toContain('SECRETO-123');
  });
});

describe('instance state, connect, restart', () => {
  it('reads the state of instances whose names have spaces', async () => {
    expect(await admin.connectionState('Soporte 01')).toBe('open');
    expect(await admin.connectionState('Ventas Pachuca')).toBe('open');
  });

  it('requireOpen reports a closed instance with the spec text', async () => {
    await expect(admin.requireOpen('Personal')).resolves.toBeUndefined();
    const e = await failure(admin.requireOpen('Ventas'));
    expect(e.code).toBe('evolution_not_connected');
    expect(e.message).toBe('La instancia no está conectada. Estado: close');
  });

  it('connect on an open instance says open', async () => {
    expect(await admin.connect('Personal')).toEqual({ state: 'open' });
  });

  it('connect on a closed instance starts pairing with a QR image, then the QR is reused while connecting', async () => {
    const first = await admin.connect('Ventas');
    if (first.state !== 'pairing') throw new Error('expected a QR');
    expect(first.qr.base64).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(first.qr.code).toMatch(/^2@/);
    expect(first.qr.pairingCode).toBeNull();
    expect(first.qr.count).toBe(1);
    expect(await admin.connectionState('Ventas')).toBe('connecting');
    const again = await admin.connect('Ventas');
    expect(again).toEqual(first);
    fake.setState('Ventas', 'close');
  });

  it('connect with a number also gives a pairing code', async () => {
    const r = await admin.connect('Ventas', { number: '+52 1 771 000 0002' });
    if (r.state !== 'pairing') throw new Error('expected pairing');
    expect(r.qr.pairingCode).toMatch(/^[0-9A-F]{8}$/);
    fake.setState('Ventas', 'close');
  });

  it('autoPairMs opens the instance as if the QR had been scanned (demo)', async () => {
    const demo = await startFakeEvolutionServer({ autoPairMs: 5, instances: [{ name: 'Personal', state: 'close' }] });
    try {
      const client = new EvolutionClient({ baseUrl: demo.url, apiKey: demo.globalKey });
      expect((await client.connect('Personal')).state).toBe('pairing');
      await demo.idle();
      expect(await client.connectionState('Personal')).toBe('open');
      expect(await client.connect('Personal')).toEqual({ state: 'open' });
    } finally {
      await demo.stop();
    }
  });

  it('restart (POST) of an open instance reconnects it', async () => {
    const hook = await listener();
    try {
      await admin.setWebhook('Cobranza', { url: hook.url, events: ['CONNECTION_UPDATE'] });
      const r = await admin.restart('Cobranza');
      expect(r.state).toBe('pairing');
      await fake.idle();
      expect(await admin.connectionState('Cobranza')).toBe('open');
      expect(hook.received.map((x) => (x.body.data as { state: string }).state)).toEqual(['connecting', 'open']);
    } finally {
      await hook.close();
    }
  });

  it('restart of a closed instance (200 {error:true}) is reported as not connected', async () => {
    const e = await failure(admin.restart('Ventas'));
    expect(e.code).toBe('evolution_not_connected');
    expect(e.message).toBe('La instancia no está conectada. Estado: close');
  });

  it('restart falls back to PUT on a server that routes only PUT', async () => {
    const old = await startFakeEvolutionServer({
      restartMethod: 'PUT',
      restartReconnectMs: 1,
      instances: [{ name: 'Personal' }],
    });
    try {
      const client = new EvolutionClient({ baseUrl: old.url, apiKey: old.globalKey });
      expect((await client.restart('Personal')).state).toBe('pairing');
      await old.idle();
      expect(await client.connectionState('Personal')).toBe('open');
    } finally {
      await old.stop();
    }
  });
});

describe('sendMedia', () => {
  it('sends a PDF as a document: the answer carries a documentMessage with its name, type and size', async () => {
    const media = Buffer.from('%PDF-1.4 recibo').toString('base64');
    const sent = await admin.sendMedia('Personal', {
      number: '+52 1 (771) 444-4444',
      mediatype: 'document',
      mimetype: 'application/pdf',
      media,
      fileName: 'recibo-000001.pdf',
      caption: 'Recibo de pago',
    });
    expect(sent.key).toMatchObject({ remoteJid: '527714444444@s.whatsapp.net', fromMe: true });
    expect(sent.messageType).toBe('documentMessage');
    expect(sent.message).toMatchObject({
      documentMessage: {
        mimetype: 'application/pdf',
        fileName: 'recibo-000001.pdf',
        caption: 'Recibo de pago',
        fileLength: '15',
      },
    });
  });

  it('refuses media that is neither a URL nor base64, and an unknown media type', async () => {
    const e = await failure(
      admin.sendMedia('Personal', {
        number: CUSTOMER,
        mediatype: 'document',
        mimetype: 'application/pdf',
        media: 'no es base64!',
      }),
    );
    expect(e.code).toBe('evolution_bad_request');
    const t = await failure(
      admin.sendMedia('Personal', {
        number: CUSTOMER,
        mediatype: 'sticker' as 'image',
        mimetype: 'image/webp',
        media: 'AAAA',
      }),
    );
    expect(t.status).toBe(400);
  });
});

describe('sendText', () => {
  it('sends to a number: the answer carries the key, the message is stored', async () => {
    const sent = await admin.sendText('Personal', { number: '+52 1 (771) 444-4444', text: 'Hola desde AirLink' });
    expect(sent.key).toMatchObject({ remoteJid: '527714444444@s.whatsapp.net', fromMe: true });
    expect(sent.key.id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(sent).toMatchObject({
      status: 'PENDING',
      messageType: 'conversation',
      message: { conversation: 'Hola desde AirLink' },
    });
    expect(Math.abs(sent.messageTimestamp - Date.now() / 1000)).toBeLessThan(60);
    const found = await admin.findMessages('Personal', { id: sent.key.id });
    expect(found.records.map((r) => r.key.id)).toEqual([sent.key.id]);
  });

  it('sends to a group by its id', async () => {
    const [group] = await admin.fetchAllGroups('Personal');
    const sent = await admin.sendText('Personal', { number: group!.id, text: 'Aviso a técnicos' });
    expect(sent.key.remoteJid).toBe(group!.id);
  });

  it('a number without WhatsApp', async () => {
    const e = await failure(admin.sendText('Personal', { number: '5215500000000', text: 'Hola' }));
    expect(e.code).toBe('evolution_number_not_on_whatsapp');
    expect(e.message).toBe('El número 5215500000000 no tiene WhatsApp');
  });

  it('blank text', async () => {
    const e = await failure(admin.sendText('Personal', { number: CUSTOMER, text: '   ' }));
    expect(e.code).toBe('evolution_bad_request');
    expect(e.status).toBe(400);
    expect(e.message).toBe('Evolution API rechazó la solicitud (400)');
    expect((e as EvolutionBadRequestError).detail).toBe('Text is required');
  });

  it("'No sessions' from the Signal library", async () => {
    fake.instance('HelpDesk').noSessions = true;
    const e = await failure(admin.sendText('HelpDesk', { number: CUSTOMER, text: 'Hola' }));
    expect(e.code).toBe('evolution_no_session');
    expect(e.message).toBe(
      'Error de sesión: La instancia no tiene una sesión activa de WhatsApp. Intenta reiniciar la instancia.',
    );
    fake.instance('HelpDesk').noSessions = false;
  });

  it('a closed instance', async () => {
    const e = await failure(admin.sendText('Ventas', { number: CUSTOMER, text: 'Hola' }));
    expect(e.code).toBe('evolution_not_connected');
    expect(e.message).toBe('La instancia no está conectada. Estado: close');
  });
});

describe('findMessages', () => {
  it('pages newest first with Evolution paging (offset = page size)', async () => {
    const jid = `${CUSTOMER}@s.whatsapp.net`;
    const p1 = await admin.findMessages('Personal', { remoteJid: jid, pageSize: 3 });
    expect(p1).toMatchObject({ total: 7, pages: 3, currentPage: 1 });
    expect(p1.records.map((r) => r.message.conversation)).toEqual(['mensaje 7', 'mensaje 6', 'mensaje 5']);
    const p3 = await admin.findMessages('Personal', { remoteJid: jid, pageSize: 3, page: 3 });
    expect(p3.records.map((r) => r.message.conversation)).toEqual(['mensaje 1']);
    expect(p3.records[0]).toMatchObject({
      pushName: 'Juana',
      key: { remoteJid: jid, fromMe: false },
      messageType: 'conversation',
    });
    expect(typeof p3.records[0]!.id).toBe('string');
  });

  it('allMessages walks every page once', async () => {
    const texts: string[] = [];
    for await (const page of admin.allMessages('Personal', { remoteJid: `${CUSTOMER}@s.whatsapp.net`, pageSize: 2 }))
      texts.push(...page.map((r) => r.message.conversation!));
    expect(texts).toEqual(['mensaje 7', 'mensaje 6', 'mensaje 5', 'mensaje 4', 'mensaje 3', 'mensaje 2', 'mensaje 1']);
  });

  it('matches remoteJid exactly and filters fromMe and time', async () => {
    const other = await admin.findMessages('Personal', { remoteJid: '527713333333@s.whatsapp.net' });
    expect(other.total).toBe(0);
    const mine = await admin.findMessages('Personal', { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true });
    expect(mine.records.every((r) => r.key.fromMe)).toBe(true);
    expect(mine.total).toBe(3);
    const now = Date.now();
    const recent = await admin.findMessages('Personal', {
      remoteJid: `${CUSTOMER}@s.whatsapp.net`,
      timestamp: { gte: new Date(now - 25 * 60_000), lte: new Date(now) },
    });
    expect(recent.records.map((r) => r.message.conversation)).toEqual(['mensaje 7', 'mensaje 6']);
  });

  it('filters by message type (media arrive with their own message object)', async () => {
    fake.receiveMessage('Personal', {
      from: '5217710101010',
      messageType: 'imageMessage',
      message: { imageMessage: { caption: 'Foto del router', mimetype: 'image/jpeg' } },
    });
    const images = await admin.findMessages('Personal', { messageType: 'imageMessage' });
    expect(images.records).toHaveLength(1);
    expect(images.records[0]!.message).toEqual({
      imageMessage: { caption: 'Foto del router', mimetype: 'image/jpeg' },
    });
  });

  it('an unknown instance gives the 404 status the spec shows', async () => {
    const e = await failure(admin.findMessages('Ventas Tulancingo'));
    expect(e.code).toBe('evolution_instance_not_found');
    expect(e.status).toBe(404);
  });
});

describe('groups', () => {
  it('fetchAllGroups with and without participants', async () => {
    const groups = await admin.fetchAllGroups('Personal');
    const tecnicos = groups.find((g) => g.subject === 'Técnicos')!;
    expect(tecnicos.id).toMatch(/^120363\d{12}@g\.us$/);
    expect(tecnicos.size).toBe(3);
    expect(tecnicos.participants).toEqual([
      { id: '5217710000001@s.whatsapp.net', admin: 'superadmin' },
      { id: '527711111111@s.whatsapp.net', admin: null },
      { id: '527712222222@s.whatsapp.net', admin: null },
    ]);
    const bare = await admin.fetchAllGroups('Personal', { participants: false });
    expect(bare.find((g) => g.id === tecnicos.id)!.participants).toBeUndefined();
  });

  it('fetchAllGroups on a closed instance', async () => {
    const e = await failure(admin.fetchAllGroups('Ventas'));
    expect(e.code).toBe('evolution_not_connected');
  });

  it('create, list, leave', async () => {
    const created = await admin.createGroup('Personal', {
      subject: 'Prueba AirLink',
      description: 'Grupo de prueba',
      participants: ['5217715555555', '5215500000000'],
    });
    expect(created.subject).toBe('Prueba AirLink');
    expect(created.desc).toBe('Grupo de prueba');
    expect(created.participants!.map((p) => p.id)).toEqual([
      '5217710000001@s.whatsapp.net',
      '527715555555@s.whatsapp.net',
    ]);
    expect((await admin.fetchAllGroups('Personal')).map((g) => g.id)).toContain(created.id);
    expect(await admin.leaveGroup('Personal', created.id.replace('@g.us', ''))).toEqual({
      groupJid: created.id,
      leave: true,
    });
    expect((await admin.fetchAllGroups('Personal')).map((g) => g.id)).not.toContain(created.id);
  });

  it('create without participants is refused with the validator message (kept for the log, not in the message)', async () => {
    const e = await failure(admin.createGroup('Personal', { subject: 'Vacío', participants: [] }));
    expect(e.code).toBe('evolution_bad_request');
    expect(e.message).toBe('Evolution API rechazó la solicitud (400)');
    expect((e as EvolutionBadRequestError).detail).toContain('participants does not meet minimum length of 1');
  });

  it('leaving a group the instance is not in', async () => {
    const e = await failure(admin.leaveGroup('Personal', '120363000000000000@g.us'));
    expect(e.code).toBe('evolution_bad_request');
    expect((e as EvolutionBadRequestError).detail).toContain('Unable to leave the group');
  });
});

describe('webhooks', () => {
  it('set and find (v2 nested body); disabled clears the events', async () => {
    const set = await admin.setWebhook('Cobranza', {
      url: 'http://127.0.0.1:9/api/whatsapp/webhook/abc',
      events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'],
    });
    expect(set).toMatchObject({
      enabled: true,
      events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'],
      webhookByEvents: false,
    });
    expect(await admin.findWebhook('Cobranza')).toMatchObject({ url: 'http://127.0.0.1:9/api/whatsapp/webhook/abc' });
    const off = await admin.setWebhook('Cobranza', {
      url: 'http://127.0.0.1:9/x',
      enabled: false,
      events: ['MESSAGES_UPSERT'],
    });
    expect(off.events).toEqual([]);
    expect(await admin.findWebhook('HelpDesk')).toBeNull();
  });

  it('delivers messages.upsert and connection.update with the real v2 shapes, only for subscribed events', async () => {
    const hook = await listener();
    try {
      await admin.setWebhook('Soporte 01', { url: hook.url, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'] });
      const msg = fake.receiveMessage('Soporte 01', { from: '5217716666666', text: 'Sin internet', pushName: 'Pedro' });
      await admin.sendText('Soporte 01', { number: '5217716666666', text: 'Revisamos' }); // send.message: not subscribed
      fake.setState('Soporte 01', 'close');
      fake.setState('Soporte 01', 'open');
      await fake.idle();
      expect(hook.received.map((r) => r.body.event)).toEqual([
        'messages.upsert',
        'connection.update',
        'connection.update',
      ]);
      const [upsert, closed, opened] = hook.received.map((r) => r.body);
      expect(upsert).toMatchObject({
        event: 'messages.upsert',
        instance: 'Soporte 01',
        destination: hook.url,
        sender: fake.instance('Soporte 01').ownerJid,
        server_url: fake.url,
        apikey: null,
        data: {
          key: { remoteJid: '5217716666666@s.whatsapp.net', fromMe: false, id: msg.key.id },
          pushName: 'Pedro',
          status: 'DELIVERY_ACK',
          message: { conversation: 'Sin internet' },
          messageType: 'conversation',
          messageTimestamp: msg.messageTimestamp,
          instanceId: fake.instance('Soporte 01').id,
          source: 'android',
        },
      });
      expect(upsert!.date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(closed!.data).toEqual({ instance: 'Soporte 01', state: 'close', statusReason: 200 });
      expect(opened!.data).toMatchObject({
        instance: 'Soporte 01',
        state: 'open',
        wuid: fake.instance('Soporte 01').ownerJid,
      });
      expect(hook.received[0]!.headers['content-type']).toContain('application/json');
    } finally {
      await hook.close();
    }
  });

  it('a group message names its author in key.participant', async () => {
    const hook = await listener();
    try {
      await admin.setWebhook('Soporte 01', { url: hook.url, events: ['MESSAGES_UPSERT'] });
      fake.receiveMessage('Soporte 01', {
        groupJid: '120363111111111111@g.us',
        from: '5217717777777',
        text: 'Hola grupo',
      });
      await fake.idle();
      expect(hook.received[0]!.body.data).toMatchObject({
        key: { remoteJid: '120363111111111111@g.us', participant: '5217717777777@s.whatsapp.net', fromMe: false },
      });
    } finally {
      await hook.close();
    }
  });

  it('retries a failed delivery with the same message (same key id) until it is accepted', async () => {
    const hook = await listener((n) => (n <= 2 ? 503 : 200));
    try {
      await admin.setWebhook('HelpDesk', { url: hook.url, events: ['MESSAGES_UPSERT'] });
      const msg = fake.receiveMessage('HelpDesk', { from: '5217718888888', text: 'Reintento' });
      await fake.idle();
      expect(hook.received).toHaveLength(3);
      expect(new Set(hook.received.map((r) => r.body.data && (r.body.data as { key: { id: string } }).key.id))).toEqual(
        new Set([msg.key.id]),
      );
      expect(fake.deliveries.filter((d) => d.url === hook.url).map((d) => [d.attempt, d.status])).toEqual([
        [1, 503],
        [2, 503],
        [3, 200],
      ]);
    } finally {
      await hook.close();
    }
  });

  it('does not retry what the listener refuses with 401, and re-delivers on demand', async () => {
    const hook = await listener((n) => (n === 1 ? 401 : 200));
    try {
      await admin.setWebhook('HelpDesk', { url: hook.url, events: ['MESSAGES_UPSERT'] });
      const msg = fake.receiveMessage('HelpDesk', { from: '5217719999999', text: 'Uno' });
      await fake.idle();
      expect(hook.received).toHaveLength(1);
      fake.redeliver('HelpDesk', msg.key.id, 2);
      await fake.idle();
      expect(hook.received).toHaveLength(3);
      expect(hook.received.every((r) => (r.body.data as { key: { id: string } }).key.id === msg.key.id)).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it('byEvents posts to <url>/<event>, and a jwt_key header becomes a signed bearer token', async () => {
    const hook = await listener();
    try {
      await admin.setWebhook('HelpDesk', {
        url: hook.url,
        byEvents: true,
        events: ['CONNECTION_UPDATE'],
        headers: { jwt_key: 'clave-del-webhook' },
      });
      fake.setState('HelpDesk', 'connecting');
      await fake.idle();
      expect(hook.received[0]!.path).toBe('/api/whatsapp/webhook/tok3n-0123456789abcdef/connection-update');
      const bearer = String(hook.received[0]!.headers.authorization).replace(/^Bearer /, '');
      const { payload } = await jwtVerify(bearer, new TextEncoder().encode('clave-del-webhook'));
      expect(payload).toMatchObject({ app: 'evolution', action: 'webhook' });
      expect(hook.received[0]!.headers.jwt_key).toBeUndefined();
      fake.setState('HelpDesk', 'open');
    } finally {
      await hook.close();
    }
  });

  it('the echo option answers a sent text with an incoming message (demo)', async () => {
    const demo = await startFakeEvolutionServer({ echo: { delayMs: 5 }, instances: [{ name: 'Ventas' }] });
    const hook = await listener();
    try {
      const client = new EvolutionClient({ baseUrl: demo.url, apiKey: demo.globalKey });
      await client.setWebhook('Ventas', { url: hook.url, events: ['MESSAGES_UPSERT', 'SEND_MESSAGE'] });
      const sent = await client.sendText('Ventas', { number: '5217711230000', text: 'Hola' });
      await demo.idle();
      expect(hook.received.map((r) => r.body.event)).toEqual(['send.message', 'messages.upsert']);
      expect(hook.received[1]!.body.data).toMatchObject({
        key: { remoteJid: sent.key.remoteJid, fromMe: false },
        message: { conversation: 'Eco: Hola' },
      });
      const history = await client.findMessages('Ventas', { remoteJid: sent.key.remoteJid });
      expect(history.records.map((r) => r.key.fromMe)).toHaveLength(2);
    } finally {
      await hook.close();
      await demo.stop();
    }
  });
});

describe('transport failures', () => {
  async function oneShot(handler: (res: ServerResponse) => void) {
    const server = createServer((_req, res) => handler(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }

  it('a server that never answers gives a timeout', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    try {
      const client = new EvolutionClient({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        apiKey: 'k',
        timeoutMs: 200,
      });
      const e = await failure(client.connectionState('Personal'));
      expect(e.code).toBe('evolution_timeout');
      expect(e.message).toBe('Evolution API no respondió en 0.2 s');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('nothing listening', async () => {
    const probe = createTcpServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const e = await failure(
      new EvolutionClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' }).connectionState('x'),
    );
    expect(e.code).toBe('evolution_unreachable');
    expect(e.message).toBe(`No se pudo conectar con Evolution API (127.0.0.1:${port}): conexión rechazada`);
  });

  it('a 200 that is not JSON', async () => {
    const s = await oneShot((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>'));
    try {
      const e = await failure(new EvolutionClient({ baseUrl: s.url, apiKey: 'k' }).fetchAllGroups('x'));
      expect(e.code).toBe('evolution_malformed');
      expect(e.message).toBe('Evolution API respondió datos que no se pueden leer');
    } finally {
      await s.close();
    }
  });

  it('a 500 with Evolution’s envelope', async () => {
    const s = await oneShot((res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ status: 500, error: 'Internal Server Error', response: { message: 'database is down' } }),
        ),
    );
    try {
      const e = await failure(new EvolutionClient({ baseUrl: s.url, apiKey: 'k' }).fetchAllGroups('x'));
      expect(e.code).toBe('evolution_server_error');
      expect(e.message).toBe('Evolution API respondió con un error (500)');
      expect((e as EvolutionServerError).detail).toBe('database is down');
    } finally {
      await s.close();
    }
  });
});
