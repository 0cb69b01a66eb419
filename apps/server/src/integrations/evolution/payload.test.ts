import { describe, expect, it } from 'vitest';
import { parseEvolutionGroup } from './group';
import { historyJidsOf, parseEvolutionMessage } from './message';
import { EvolutionPayloadError, readWebhookEvent } from './webhook';

/**
 * Evolution's payloads read where the integration lives (docs/whatsapp.md): the message records of
 * `messages.upsert` / findMessages, the webhook envelopes and the groups, without the WhatsApp services.
 * Shapes as Evolution API v2 (2.3.6) sends them (docs/protocols/evolution.md "Webhooks").
 */
const UPSERT = {
  key: { remoteJid: '5217719990001@s.whatsapp.net', fromMe: false, id: '3EB0C431C26A1916E3F8A1' },
  pushName: 'Rosa Martínez',
  status: 'DELIVERY_ACK',
  message: { conversation: 'Buenas tardes, ya pagué' },
  messageType: 'conversation',
  messageTimestamp: 1764250000,
};

describe('parseEvolutionMessage', () => {
  it("reads a received text: the 521 JID's conversation in its 52 form, the sender, the time in seconds", () => {
    expect(parseEvolutionMessage(UPSERT)).toEqual({
      keyId: '3EB0C431C26A1916E3F8A1',
      remoteJid: '5217719990001@s.whatsapp.net',
      conversationId: '527719990001@s.whatsapp.net',
      fromMe: false,
      fromNumber: '5217719990001',
      senderName: 'Rosa Martínez',
      timestamp: new Date(1764250000 * 1000),
      providerType: 'conversation',
      type: 'text',
      text: 'Buenas tardes, ya pagué',
      isGroup: false,
      status: null,
    });
  });

  it("reads our own send with its delivery status, without the phone's 'Você' as a name", () => {
    const m = parseEvolutionMessage({
      ...UPSERT,
      key: { ...UPSERT.key, fromMe: true },
      pushName: 'Você',
      status: 'PENDING',
    });
    expect(m).toMatchObject({ fromMe: true, fromNumber: '', senderName: null, status: 'pending' });
  });

  it('a group message: the author is the participant; a @lid chat is read under its phone JID', () => {
    const group = parseEvolutionMessage({
      ...UPSERT,
      key: {
        remoteJid: '120363000000000001@g.us',
        fromMe: false,
        id: 'G1',
        participant: '5217711000001@s.whatsapp.net',
      },
    });
    expect(group).toMatchObject({
      isGroup: true,
      conversationId: '120363000000000001@g.us',
      fromNumber: '5217711000001',
    });
    const lid = parseEvolutionMessage({
      ...UPSERT,
      key: {
        ...UPSERT.key,
        remoteJid: '123456789@lid',
        addressingMode: 'lid',
        remoteJidAlt: '5217719990001@s.whatsapp.net',
      },
    });
    expect(lid?.conversationId).toBe('527719990001@s.whatsapp.net');
  });

  it('a media caption is its text; an absurd time is the arrival time; no key is nothing to store', () => {
    const before = Date.now();
    const image = parseEvolutionMessage({
      ...UPSERT,
      messageType: 'imageMessage',
      message: { imageMessage: { caption: 'Mi comprobante' } },
      messageTimestamp: 1e13,
    });
    expect(image).toMatchObject({ type: 'image', text: 'Mi comprobante' });
    expect(image!.timestamp.getTime()).toBeGreaterThanOrEqual(before);
    expect(parseEvolutionMessage({ message: { conversation: 'hola' } })).toBeNull();
    expect(parseEvolutionMessage('not a message')).toBeNull();
  });
});

describe('historyJidsOf', () => {
  it("asks for a person's chat under both the 52 and the 521 forms, a group only as stored", () => {
    expect(historyJidsOf('527719990001@s.whatsapp.net', ['5217719990001@s.whatsapp.net']).sort()).toEqual([
      '5217719990001@s.whatsapp.net',
      '527719990001@s.whatsapp.net',
    ]);
    expect(historyJidsOf('120363000000000001@g.us', ['120363000000000001@g.us'])).toEqual(['120363000000000001@g.us']);
  });
});

describe('readWebhookEvent', () => {
  it('messages.upsert: one message, a batch, or { messages }; a bad item of a batch is counted and dropped', () => {
    expect(readWebhookEvent({ event: 'messages.upsert', data: UPSERT })).toEqual({
      kind: 'messages',
      messages: [UPSERT],
      refused: 0,
    });
    expect(readWebhookEvent({ event: 'MESSAGES_UPSERT', data: { messages: [UPSERT, { key: {} }] } })).toEqual({
      kind: 'messages',
      messages: [UPSERT],
      refused: 1,
    });
    expect(readWebhookEvent({ event: 'send.message', data: [UPSERT] })).toMatchObject({ kind: 'messages' });
  });

  it('a body that is not what its event claims is an EvolutionPayloadError', () => {
    expect(() => readWebhookEvent({ event: 'messages.upsert', data: { text: 'hola' } })).toThrow(EvolutionPayloadError);
    expect(() => readWebhookEvent({ event: 'messages.upsert', data: [] })).toThrow('El lote de mensajes está vacío');
    expect(() => readWebhookEvent({ event: 'messages.update', data: { status: 'READ' } })).toThrow(
      EvolutionPayloadError,
    );
  });

  it('messages.update (2.3.6 keyId, 1.x id) and messages.delete become status updates', () => {
    expect(readWebhookEvent({ event: 'messages.update', data: { keyId: 'K1', status: 'READ' } })).toEqual({
      kind: 'status',
      updates: [{ keyId: 'K1', status: 'read' }],
    });
    expect(readWebhookEvent({ event: 'messages.update', data: [{ id: 'K2', status: 'DELETED' }] })).toEqual({
      kind: 'status',
      updates: [{ keyId: 'K2', status: 'deleted' }],
    });
    expect(
      readWebhookEvent({ event: 'messages.delete', data: { remoteJid: '5217719990001@s.whatsapp.net', id: 'K3' } }),
    ).toEqual({ kind: 'status', updates: [{ keyId: 'K3', status: 'deleted' }] });
  });

  it('connection.update gives a known state; anything else is ignored', () => {
    expect(readWebhookEvent({ event: 'connection.update', data: { state: 'close' } })).toEqual({
      kind: 'connection',
      state: 'close',
    });
    expect(readWebhookEvent({ event: 'connection.update', data: { state: 'weird' } })).toEqual({ kind: 'ignored' });
    expect(readWebhookEvent({ event: 'presence.update', data: {} })).toEqual({ kind: 'ignored' });
  });
});

describe('parseEvolutionGroup', () => {
  it('lists a participant by its phone JID when Evolution gives one; a createGroup answer takes the asked subject', () => {
    expect(
      parseEvolutionGroup({
        id: '120363000000000001@g.us',
        subject: 'Técnicos',
        participants: [
          { id: '123@lid', phoneNumber: '5217711000001@s.whatsapp.net' },
          { id: '5217711000002@s.whatsapp.net' },
        ],
      }),
    ).toEqual({
      id: '120363000000000001@g.us',
      subject: 'Técnicos',
      desc: null,
      owner: null,
      size: 2,
      participants: ['5217711000001@s.whatsapp.net', '5217711000002@s.whatsapp.net'],
    });
    const created = parseEvolutionGroup({ id: 'G@g.us' } as never, { subject: 'Oficina', description: 'Avisos' });
    expect(created).toMatchObject({ subject: 'Oficina', desc: 'Avisos', size: 0, participants: [] });
  });
});
