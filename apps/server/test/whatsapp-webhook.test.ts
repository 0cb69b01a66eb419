import { searchTextOf, type Paged, type WhatsAppConversation, type WhatsAppMessage } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contratos, messages, messagingInstances } from '../src/db/schema';
import { WhatsAppRepository } from '../src/modules/whatsapp/whatsapp.repository';
import { startFakeEvolutionServer, type FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { createTestApp, freePort, testConfig, type TestApp } from './test-app';

/**
 * Webhook bodies as Evolution API v2 (2.3.6) sends them. Sources: EvolutionAPI/evolution-api
 * src/api/integrations/channel/whatsapp/whatsapp.baileys.service.ts (`messages.upsert` builds `messageRaw` from
 * Baileys' WebMessageInfo; `messages.update` sends `{ messageId, keyId, remoteJid, fromMe, participant, status,
 * instanceId }`; a revoked message sends `messages.delete` with its key) and
 * src/api/integrations/event/webhook/webhook.controller.ts (the envelope); docs/protocols/evolution.md "Webhooks".
 */
const UPSERT_2_3_6 = {
  event: 'messages.upsert',
  instance: 'Personal',
  data: {
    key: { remoteJid: '5217719990001@s.whatsapp.net', fromMe: false, id: '3EB0C431C26A1916E3F8A1' },
    pushName: 'Rosa Martínez',
    status: 'DELIVERY_ACK',
    message: { conversation: 'Buenas tardes, ya pagué' },
    contextInfo: null,
    messageType: 'conversation',
    messageTimestamp: 1764250000,
    instanceId: 'b3b8a9f0-6a0e-4b9e-9b1e-0d3c2f4e5a61',
    source: 'android',
  },
  destination: 'https://airlink.example/api/whatsapp/webhook/x',
  date_time: '2025-11-27T07:26:40.000Z',
  sender: '5217797961000@s.whatsapp.net',
  server_url: 'http://localhost:8080',
  apikey: null,
};
const UPDATE_2_3_6 = {
  event: 'messages.update',
  instance: 'Personal',
  data: {
    messageId: 'cmifv5d3k0001qz1f9x8y7w6v',
    keyId: '3EB0C431C26A1916E3F8A1',
    remoteJid: '5217719990001@s.whatsapp.net',
    fromMe: true,
    participant: '5217719990001@s.whatsapp.net',
    status: 'READ',
    instanceId: 'b3b8a9f0-6a0e-4b9e-9b1e-0d3c2f4e5a61',
  },
  destination: 'https://airlink.example/api/whatsapp/webhook/x',
  date_time: '2025-11-27T07:27:02.000Z',
  sender: '5217797961000@s.whatsapp.net',
  server_url: 'http://localhost:8080',
  apikey: null,
};

/**
 * A voice note as `messages.upsert` carries it: Baileys' `proto.Message.AudioMessage` fields (WhiskeySockets/Baileys
 * WAProto/WAProto.proto, message AudioMessage: url, mimetype, fileSha256, fileLength, seconds, ptt, mediaKey,
 * fileEncSha256, directPath, mediaKeyTimestamp, waveform; bytes as base64 in JSON) under `messageType: 'audioMessage'`.
 */
const VOICE_NOTE = {
  audioMessage: {
    url: 'https://mmg.whatsapp.net/v/t62.7117-24/12345678_1234567890123456_1234567890123456789_n.enc?ccb=11-4&oh=01_Q5AaI&oe=67A1B2C3&_nc_sid=5e03e0&mms3=true',
    mimetype: 'audio/ogg; codecs=opus',
    fileSha256: 'n6LRZ0TqHc3Gf1mM7q5QmZb3vJ9l0m2yq8E1aZkq3xM=',
    fileLength: '8421',
    seconds: 4,
    ptt: true,
    mediaKey: 'y0cC3X0n7Q1x2F9m5fVb3kq8Rz5Wl1Tt0aQm9XcE2hU=',
    fileEncSha256: 'T2pJm8b7mJ0kY4tq3Z1c5Vx9wR6nQ2aL8eH0dF3gS5k=',
    directPath:
      '/v/t62.7117-24/12345678_1234567890123456_1234567890123456789_n.enc?ccb=11-4&oh=01_Q5AaI&oe=67A1B2C3&_nc_sid=5e03e0',
    mediaKeyTimestamp: '1764250000',
    waveform: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  },
};

let t: TestApp;
let fake: FakeEvolutionServer;
let admin: string;
let token: string;
let instanceId: number;
const GROUP_MEMBER = '5217714444444';

const count = async () => (await t.database.db.select().from(messages)).length;
const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/whatsapp/webhook/${token}`, payload: payload as object });
const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: t.auth(admin) });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
const byKey = async (keyId: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.messageId, keyId)))[0];
const conversation = async (search: string) =>
  (await get<Paged<WhatsAppConversation>>(`/api/whatsapp/conversations?search=${encodeURIComponent(search)}`))
    .items[0]!;
const messagesOf = async (c: WhatsAppConversation) =>
  (await get<Paged<WhatsAppMessage>>(`/api/whatsapp/conversations/${encodeURIComponent(c.id)}/messages`)).items;

beforeAll(async () => {
  fake = await startFakeEvolutionServer({
    webhookRetry: { maxAttempts: 2, initialDelayMs: 20, maxDelayMs: 50 },
    instances: [
      {
        name: 'Personal',
        token: 'TOKEN-PERSONAL',
        groups: [{ subject: 'Cuadrilla Tulancingo', participants: [GROUP_MEMBER] }],
      },
    ],
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ config: { publicUrl: base, evolution: { ...testConfig().evolution, timeoutMs: 2_000 } } });
  await t.listen(port);
  const [row] = await t.database.db
    .insert(messagingInstances)
    .values({
      department: 'Personal',
      phone: '5217797961000',
      instanceName: 'Personal',
      baseUrl: fake.url,
      apiKeyEnc: t.app.ctx.secrets.seal('TOKEN-PERSONAL'),
    })
    .returning();
  instanceId = row!.id;
  admin = (await t.login('admin@test.mx')).token;
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/instances/Personal/webhook',
    headers: t.auth(admin),
  });
  expect(set.statusCode).toBe(200);
  token = fake.instance('Personal').webhook!.url.split('/').pop()!;
});

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

describe('acks move a sent message forward only', () => {
  it('sent -> delivered -> read; late and repeated acks never move it back; PLAYED on a text means read', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/instances/Personal/send',
      headers: t.auth(admin),
      payload: { number: '7712220001', text: 'Su pago quedó registrado' },
    });
    expect(sent.statusCode).toBe(200);
    const message = sent.json<{ message: WhatsAppMessage }>().message;
    expect(message.status).toBe('pending');
    const keyId = message.keyId;
    const statusNow = async () => (await byKey(keyId))!.status;

    fake.ack('Personal', keyId, 'SERVER_ACK');
    await fake.idle();
    expect(await statusNow()).toBe('sent');
    fake.ack('Personal', keyId, 'DELIVERY_ACK');
    await fake.idle();
    expect(await statusNow()).toBe('delivered');
    fake.ack('Personal', keyId, 'READ');
    await fake.idle();
    expect(await statusNow()).toBe('read');
    // Late and repeated acks: no step back.
    fake.ack('Personal', keyId, 'DELIVERY_ACK');
    fake.ack('Personal', keyId, 'SERVER_ACK');
    fake.ack('Personal', keyId, 'READ');
    await fake.idle();
    expect(await statusNow()).toBe('read');
    const updates = fake.deliveries.filter((d) => d.event === 'messages.update');
    expect(updates.length).toBeGreaterThanOrEqual(6);
    expect(updates.every((d) => d.status === 200)).toBe(true);

    const c = await conversation('Su pago quedó registrado');
    expect((await messagesOf(c)).find((m) => m.keyId === keyId)).toMatchObject({ status: 'read', deleted: false });

    // WhatsApp sends PLAYED only for voice notes: on a text it means read, never 'played'.
    fake.ack('Personal', keyId, 'PLAYED');
    await fake.idle();
    expect(await statusNow()).toBe('read');
  });

  it('played for audio: a voice note we sent moves to played, and the change is pushed', async () => {
    const keyId = '3EB0A1B2C3D4E5F6A7B8C9';
    const stored = await post({
      ...UPSERT_2_3_6,
      data: {
        ...UPSERT_2_3_6.data,
        key: { remoteJid: '5217712220003@s.whatsapp.net', fromMe: true, id: keyId },
        status: 'SERVER_ACK',
        message: VOICE_NOTE,
        messageType: 'audioMessage',
      },
    });
    expect(stored.json()).toEqual({ stored: 1 });
    const ack = (status: string) =>
      post({
        ...UPDATE_2_3_6,
        data: { ...UPDATE_2_3_6.data, keyId, remoteJid: '5217712220003@s.whatsapp.net', status },
      });
    expect((await ack('READ')).statusCode).toBe(200);
    expect((await byKey(keyId))!.status).toBe('read');
    // Each change is pushed to the inbox (level 20), so the ticks move live.
    const push = vi.spyOn(t.app.ctx.hub, 'toAdmins');
    try {
      expect((await ack('PLAYED')).statusCode).toBe(200);
      expect((await byKey(keyId))!.status).toBe('played');
      expect(push).toHaveBeenCalledWith(
        'WhatsAppMessage',
        expect.objectContaining({ message: expect.objectContaining({ keyId, status: 'played', type: 'audio' }) }),
      );
    } finally {
      push.mockRestore();
    }
  });

  it('reads the real 2.3.6 messages.update body (and the 1.x form with `id`); an ack of an unknown message changes nothing', async () => {
    const stored = await post({
      ...UPSERT_2_3_6,
      data: {
        ...UPSERT_2_3_6.data,
        key: { ...UPSERT_2_3_6.data.key, fromMe: true },
        status: 'PENDING',
        // A voice note, so the 1.x PLAYED below can move it (PLAYED on a text means read).
        message: VOICE_NOTE,
        messageType: 'audioMessage',
      },
    });
    expect(stored.json()).toEqual({ stored: 1 });
    const res = await post(UPDATE_2_3_6);
    expect(res.statusCode).toBe(200);
    expect((await byKey('3EB0C431C26A1916E3F8A1'))!.status).toBe('read');
    const v1 = await post({
      event: 'MESSAGES_UPDATE',
      instance: 'Personal',
      data: { id: '3EB0C431C26A1916E3F8A1', remoteJid: 'x', fromMe: true, status: 'PLAYED', datetime: 1 },
    });
    expect(v1.statusCode).toBe(200);
    expect((await byKey('3EB0C431C26A1916E3F8A1'))!.status).toBe('played');
    const before = await count();
    expect((await post({ ...UPDATE_2_3_6, data: { ...UPDATE_2_3_6.data, keyId: 'NO-EXISTE' } })).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('a deleted message is marked deleted, its text kept, and shown as Mensaje eliminado in the list', async () => {
    const m = fake.receiveMessage('Personal', {
      from: '5217712220002',
      text: 'Mensaje que se borró',
      pushName: 'Lalo',
    });
    await fake.idle();
    fake.ack('Personal', m.key.id, 'DELETED');
    await fake.idle();
    expect(fake.deliveries.filter((d) => d.event === 'messages.delete').every((d) => d.status === 200)).toBe(true);
    const row = (await byKey(m.key.id))!;
    expect(row.deletedAt).not.toBeNull();
    expect(row.content).toBe('Mensaje que se borró');
    const c = await conversation('Lalo');
    expect(c.preview).toBe('Mensaje eliminado');
    expect((await messagesOf(c))[0]).toMatchObject({ deleted: true, text: 'Mensaje que se borró' });
  });
});

describe('events that are not what they claim', () => {
  const upsert = (data: unknown) => ({ ...UPSERT_2_3_6, data });
  it.each([
    ['messages.upsert without data', { event: 'messages.upsert', instance: 'Personal' }],
    ['messages.upsert without data.key', upsert({ ...UPSERT_2_3_6.data, key: undefined })],
    ['messages.upsert with data.key a string', upsert({ ...UPSERT_2_3_6.data, key: 'abc' })],
    ['key.id a number', upsert({ ...UPSERT_2_3_6.data, key: { ...UPSERT_2_3_6.data.key, id: 12345 } })],
    ['key.remoteJid null', upsert({ ...UPSERT_2_3_6.data, key: { ...UPSERT_2_3_6.data.key, remoteJid: null } })],
    ['key.fromMe a string', upsert({ ...UPSERT_2_3_6.data, key: { ...UPSERT_2_3_6.data.key, fromMe: 'true' } })],
    ['an empty batch', upsert([])],
    ['a batch of only bad messages', upsert([{ key: 1 }, { nokey: true }])],
    ['messages.update keyId a number', { ...UPDATE_2_3_6, data: { ...UPDATE_2_3_6.data, keyId: 7 } }],
    ['messages.update without status', { ...UPDATE_2_3_6, data: { ...UPDATE_2_3_6.data, status: undefined } }],
    ['messages.delete without an id', { event: 'messages.delete', instance: 'Personal', data: { remoteJid: 'x' } }],
  ])('%s: 400, nothing stored', async (_, payload) => {
    const before = await count();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^(Evento de Evolution inválido|Revisa los datos enviados): /);
    expect(await count()).toBe(before);
  });

  it.each([
    ['contacts.update', [{ remoteJid: '5217710000000@s.whatsapp.net', pushName: 'X' }]],
    ['presence.update', { id: 'x', presences: {} }],
    ['chats.upsert', 'cualquier cosa'],
    ['evento.inventado', null],
  ])('an event we do not handle (%s) is 2xx and ignored', async (event, data) => {
    const before = await count();
    const res = await post({ event, instance: 'Personal', data });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 0 });
    expect(await count()).toBe(before);
  });
});

describe('a stored message is pushed as stored', () => {
  it('the INSERT gives back the message the inbox lists (no read back), pushed once to level 20', async () => {
    const push = vi.spyOn(t.app.ctx.hub, 'toAdmins');
    const readBack = vi.spyOn(WhatsAppRepository.prototype, 'messageById');
    try {
      const payload = {
        ...UPSERT_2_3_6,
        data: {
          ...UPSERT_2_3_6.data,
          key: { ...UPSERT_2_3_6.data.key, remoteJid: '5217712220077@s.whatsapp.net', id: 'STORED-1' },
          pushName: 'Lidia Pérez',
          message: { conversation: 'Ya quedó el pago' },
        },
      };
      expect((await post(payload)).json()).toEqual({ stored: 1 });
      expect((await post(payload)).json()).toEqual({ stored: 0 });
      const pushed = push.mock.calls.filter(([event]) => event === 'WhatsAppMessage');
      expect(pushed).toHaveLength(1);
      const c = await conversation('Ya quedó el pago');
      expect(pushed[0]![1]).toEqual({ conversationId: c.id, message: (await messagesOf(c)).at(-1) });
      expect(readBack).not.toHaveBeenCalled();
    } finally {
      push.mockRestore();
      readBack.mockRestore();
    }
  });
});

describe("a customer's message is never lost", () => {
  it('one bad message of a batch does not lose the others (nor does an odd text or time)', async () => {
    const item = (id: string, text: string, messageTimestamp: unknown = 1764250000) => ({
      ...UPSERT_2_3_6.data,
      key: { ...UPSERT_2_3_6.data.key, id },
      message: { conversation: text },
      messageTimestamp,
    });
    const res = await post({
      ...UPSERT_2_3_6,
      data: [
        item('BATCH-1', 'Lote uno'),
        { key: { id: 5 } },
        item('BATCH-2', 'Lote\u0000 dos\uD800'),
        { pushName: 'sin llave' },
        item('BATCH-3', 'Lote tres', 1e13),
        item('BATCH-4', 'Lote cuatro'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 4 });
    expect((await byKey('BATCH-1'))!.content).toBe('Lote uno');
    expect((await byKey('BATCH-2'))!.content).toBe('Lote\uFFFD dos\uFFFD');
    expect((await byKey('BATCH-3'))!.content).toBe('Lote tres');
    expect((await byKey('BATCH-4'))!.content).toBe('Lote cuatro');
  });

  it('control characters and lone surrogates are replaced, not refused (through the real HTTP delivery)', async () => {
    const m = fake.receiveMessage('Personal', {
      from: '5217712220003',
      text: 'Hola\u0000 mundo\u0007 \uD83D fin \uDE00 y 😀\nsegunda línea\tcon tab',
      pushName: 'Ca\u0001rla\uD800',
    });
    await fake.idle();
    const delivered = fake.deliveries.filter((d) => d.event === 'messages.upsert').at(-1)!;
    expect(delivered.status).toBe(200);
    const row = (await byKey(m.key.id))!;
    expect(row.content).toBe('Hola\uFFFD mundo\uFFFD \uFFFD fin \uFFFD y 😀\nsegunda línea\tcon tab');
    expect(row.senderName).toBe('Ca\uFFFDrla\uFFFD');
  });

  it.each([
    ['0', 0],
    ['1e13 (milliseconds)', 1e13],
    ['the year 2100', Date.UTC(2100, 0, 1) / 1000],
    ['a negative number', -5],
    ['text', 'ayer'],
    ['an object (protobuf Long)', { low: 1, high: 0, unsigned: true }],
  ])('an absurd timestamp (%s) is stored as the arrival time', async (label, messageTimestamp) => {
    const id = `TS-${label.replace(/\W/g, '')}`;
    const before = Date.now();
    const res = await post({
      ...UPSERT_2_3_6,
      data: { ...UPSERT_2_3_6.data, key: { ...UPSERT_2_3_6.data.key, id }, messageTimestamp },
    });
    expect(res.statusCode).toBe(200);
    const at = (await byKey(id))!.timestamp.getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a believable timestamp is kept (a numeric string too)', async () => {
    const res = await post({
      ...UPSERT_2_3_6,
      data: { ...UPSERT_2_3_6.data, key: { ...UPSERT_2_3_6.data.key, id: 'TS-OK' }, messageTimestamp: '1764250000' },
    });
    expect(res.statusCode).toBe(200);
    expect((await byKey('TS-OK'))!.timestamp.toISOString()).toBe(new Date(1764250000 * 1000).toISOString());
  });
});

describe('conversation titles', () => {
  async function customer(nombre: string, telefono: string) {
    const row = {
      nombre,
      calle: '',
      numero: '',
      colonia: '',
      comunidad: '',
      telefono,
      email: '',
      no: 0,
      fechaContratacion: '2026-03-02',
    };
    await t.database.db.insert(contratos).values({
      ...row,
      monto: 300,
      costoInstalacion: 1300,
      pagadoHasta: row.fechaContratacion,
      searchText: searchTextOf(row),
    });
  }

  it.each([
    ['521 + 10 digits', '5217715550001', '771 555 0001', 'Margarita Ortiz'],
    ['52 + 10 digits', '527715550002', '(771) 555-0002', 'Fidel Soto'],
    ['bare 10 digits', '7715550003', '52 1 771 555 0003', 'Irma Luna'],
  ])(
    "a chat from %s is titled with the linked customer's name, not the sender's pushName",
    async (_, from, telefono, nombre) => {
      await customer(nombre, telefono);
      fake.receiveMessage('Personal', { from, text: `Hola desde ${from}`, pushName: 'Nombre del teléfono' });
      await fake.idle();
      const c = await conversation(`Hola desde ${from}`);
      expect(c.name).toBe(nombre);
      // The title the list shows is searchable (without accents or case).
      expect((await conversation(nombre.toUpperCase())).id).toBe(c.id);
    },
  );

  it("keeps the sender's pushName when no customer has the number", async () => {
    fake.receiveMessage('Personal', { from: '5217715550099', text: 'Sin cliente', pushName: 'Desconocido' });
    await fake.idle();
    expect((await conversation('Sin cliente')).name).toBe('Desconocido');
  });

  it("a group is titled with its subject, fetched once from Evolution and kept (not the group's id)", async () => {
    const group = fake.instance('Personal').groups[0]!;
    const groupFetches = () => fake.requests.filter((r) => r.path.startsWith('/group/fetchAllGroups/')).length;
    const fetchesBefore = groupFetches();
    fake.receiveMessage('Personal', { from: GROUP_MEMBER, groupJid: group.id, text: 'Torre lista', pushName: 'Omar' });
    await fake.idle();
    const c = await conversation('Torre lista');
    expect(c).toMatchObject({ isGroup: true, name: 'Cuadrilla Tulancingo' });
    // Kept: a later rename in WhatsApp is not fetched on every message.
    group.subject = 'Otro nombre';
    fake.receiveMessage('Personal', {
      from: GROUP_MEMBER,
      groupJid: group.id,
      text: 'Segundo aviso',
      pushName: 'Omar',
    });
    fake.receiveMessage('Personal', { from: GROUP_MEMBER, groupJid: group.id, text: 'Tercer aviso', pushName: 'Omar' });
    await fake.idle();
    expect((await conversation('Segundo aviso')).name).toBe('Cuadrilla Tulancingo');
    // Three messages of the group, one fetch of its subject.
    expect(groupFetches() - fetchesBefore).toBe(1);
    expect(instanceId).toBeGreaterThan(0);
  });
});
