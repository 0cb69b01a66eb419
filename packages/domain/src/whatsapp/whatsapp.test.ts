import { describe, expect, it } from 'vitest';
import { replaceUnsafeText } from '../http/input';
import {
  ackFor,
  conversationListQuerySchema,
  conversationPreview,
  countdownText,
  messageTimeText,
  isGroupJid,
  jidUser,
  messageDisplayText,
  messagePreview,
  messageStatusOf,
  messageTicks,
  messageTypeOf,
  nextStatus,
  nationalNumber,
  normalizePhone,
  phoneKey,
  samePhone,
  toGroupJid,
  toPersonJid,
  validPhone,
  whatsappSendSchema,
} from '.';

describe('phone normalisation (docs/whatsapp.md "Phones")', () => {
  it.each([
    ['7711234567', '527711234567'],
    ['771 123 4567', '527711234567'],
    ['(771) 123-45-67', '527711234567'],
    ['527711234567', '527711234567'],
    ['5217711234567', '5217711234567'],
    ['+52 1 771 123 4567', '5217711234567'],
    // 10 digits that already start with 52: left alone (the spec's rule)
    ['5211234567', '5211234567'],
    ['12025550123', '12025550123'],
    ['', ''],
  ])('%s → %s', (input, out) => {
    expect(normalizePhone(input)).toBe(out);
  });

  it.each([
    ['7711234567', '527711234567'],
    ['12345', null],
    ['abc', null],
    ['1234567890123456', null],
  ])('validPhone(%s) = %s', (input, out) => {
    expect(validPhone(input)).toBe(out);
  });

  it('builds the provider address', () => {
    expect(toPersonJid('771-123-4567')).toBe('527711234567@s.whatsapp.net');
  });

  it.each([
    ['7711234567', '527711234567'],
    ['527711234567', '527711234567'],
    ['5217711234567', '527711234567'],
    ['5217711234567@s.whatsapp.net', '527711234567'],
    ['5217711234567:12@s.whatsapp.net', '527711234567'],
    ['12025550123', '12025550123'],
  ])('phoneKey(%s) = %s (the 521 mobile form matches)', (input, out) => {
    expect(phoneKey(input)).toBe(out);
  });

  it('matches a conversation and a customer', () => {
    expect(samePhone('5217711234567@s.whatsapp.net', '7711234567')).toBe(true);
    expect(samePhone('527711234567', '771 123 4567')).toBe(true);
    expect(samePhone('5217711234567', '7711234568')).toBe(false);
    expect(samePhone('', '')).toBe(false);
    expect(nationalNumber('5217711234567@s.whatsapp.net')).toBe('7711234567');
    expect(nationalNumber('120363000000000000@g.us')).toBeNull();
  });
});

describe('JIDs', () => {
  it('tells groups from people', () => {
    expect(isGroupJid('120363123456789012@g.us')).toBe(true);
    expect(isGroupJid('5217711234567@s.whatsapp.net')).toBe(false);
    expect(jidUser('120363123456789012@g.us')).toBe('120363123456789012');
    expect(toGroupJid('120363123456789012')).toBe('120363123456789012@g.us');
    expect(toGroupJid('120363123456789012@g.us')).toBe('120363123456789012@g.us');
  });
});

describe('message types and preview', () => {
  it.each([
    ['conversation', 'text'],
    ['extendedTextMessage', 'text'],
    ['imageMessage', 'image'],
    ['audioMessage', 'audio'],
    ['videoMessage', 'video'],
    ['documentMessage', 'document'],
    ['documentWithCaptionMessage', 'document'],
    ['locationMessage', 'location'],
    ['contactMessage', 'contact'],
    ['stickerMessage', 'sticker'],
    ['editedMessage', 'edited'],
    ['reactionMessage', 'other'],
  ])('%s is %s', (provider, type) => {
    expect(messageTypeOf(provider)).toBe(type);
  });

  it('shows a placeholder with the caption', () => {
    expect(messageDisplayText('image', 'Comprobante')).toBe('[Imagen] Comprobante');
    expect(messageDisplayText('audio', '')).toBe('[Audio]');
    expect(messageDisplayText('text', 'Hola')).toBe('Hola');
    expect(messageDisplayText('documentMessage', 'Contrato.pdf')).toBe('[Documento] Contrato.pdf');
  });

  it('cuts the preview at 60 characters', () => {
    expect(messagePreview('a'.repeat(60))).toBe('a'.repeat(60));
    expect(messagePreview('a'.repeat(61))).toBe(`${'a'.repeat(60)}...`);
    expect(messagePreview('línea\nsegunda')).toBe('línea segunda');
    expect(Array.from(messagePreview('😀'.repeat(70))).length).toBe(63);
  });

  it("a conversation's preview: 'Mensaje eliminado' for a deleted last message, else its placeholder and text, cut", () => {
    expect(conversationPreview({ type: 'image', text: 'Comprobante', deleted: false })).toBe('[Imagen] Comprobante');
    expect(conversationPreview({ type: 'text', text: 'Hola', deleted: true })).toBe('Mensaje eliminado');
    expect(conversationPreview({ type: 'text', text: 'b'.repeat(61), deleted: false })).toBe(`${'b'.repeat(60)}...`);
  });
});

describe('request schemas', () => {
  it('refuses an invalid phone in Spanish', () => {
    const r = whatsappSendSchema.safeParse({ number: '123', text: 'Hola' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/Número de teléfono inválido/);
    expect(whatsappSendSchema.safeParse({ number: '7711234567', text: 'Hola' }).success).toBe(true);
    expect(whatsappSendSchema.safeParse({ number: '7711234567', text: '  ' }).success).toBe(false);
    expect(whatsappSendSchema.safeParse({ number: '7711234567', text: 'x', extra: 1 }).success).toBe(false);
  });

  it('reads the conversation list query', () => {
    expect(conversationListQuerySchema.parse({})).toMatchObject({ filter: 'all', page: 0, pageSize: 20 });
    expect(conversationListQuerySchema.safeParse({ filter: 'x' }).success).toBe(false);
  });
});

describe('time of a message (docs/business-rules.md "Constants and limits")', () => {
  const now = new Date('2026-11-24T18:00:00Z'); // 12:00 in Mexico City
  const tz = 'America/Mexico_City';
  it.each([
    ['2026-11-24T17:59:00Z', '11:59'],
    ['2026-11-23T18:00:01Z', '12:00'], // 23 h 59 min ago: still a time of day
    ['2026-11-23T18:00:00Z', 'Ayer'], // 24 h
    ['2026-11-22T18:00:01Z', 'Ayer'],
    ['2026-11-22T18:00:00Z', '22/11/2026'], // 48 h: a date
    ['2026-01-05T03:00:00Z', '04/01/2026'], // the business day, not UTC's
  ])('%s → %s', (at, text) => {
    expect(messageTimeText(at, now, tz)).toBe(text);
  });
  it('is empty for an invalid instant', () => {
    expect(messageTimeText('basura', now, tz)).toBe('');
  });
  it.each([
    [180, '3m'],
    [61, '2m'],
    [60, '1m'],
    [59, '59s'],
    [0.2, '1s'],
    [-3, '0s'],
  ])('countdown %s s → %s', (s, text) => {
    expect(countdownText(s)).toBe(text);
  });
});

describe('delivery status (messages.update)', () => {
  it.each([
    ['PENDING', 'pending'],
    ['SERVER_ACK', 'sent'],
    ['DELIVERY_ACK', 'delivered'],
    ['READ', 'read'],
    ['PLAYED', 'played'],
    ['ERROR', 'error'],
    [3, 'delivered'],
    ['DELETED', null],
    ['leído', null],
    [9, null],
    [null, null],
  ])('messageStatusOf(%s) = %s', (provider, ours) => {
    expect(messageStatusOf(provider)).toBe(ours);
  });

  it('only moves forward: a late or repeated ack keeps the status', () => {
    expect(nextStatus(null, 'sent')).toBe('sent');
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('read', 'delivered')).toBe('read');
    expect(nextStatus('read', 'read')).toBe('read');
    expect(nextStatus('read', 'played')).toBe('played');
    expect(nextStatus('delivered', 'error')).toBe('delivered');
  });

  it('PLAYED is for voice notes and audio: on any other message it means read', () => {
    expect(ackFor('played', 'audio')).toBe('played');
    expect(ackFor('played', 'text')).toBe('read');
    expect(ackFor('played', 'image')).toBe('read');
    expect(ackFor('delivered', 'text')).toBe('delivered');
  });

  it('one tick sent, two delivered, blue read or played', () => {
    expect(
      ['pending', 'sent', 'delivered', 'read', 'played', 'error', null].map((s) => messageTicks(s as never)),
    ).toEqual(['none', 'one', 'two', 'blue', 'blue', 'error', 'none']);
  });
});

describe('replaceUnsafeText (a customer message is never refused)', () => {
  it('replaces control characters and lone surrogates, keeps pairs, tabs and line breaks', () => {
    expect(replaceUnsafeText('a\u0000b\u0085c\uD83Dd\uDE00e 😀\n\t\r')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe 😀\n\t\r');
  });
});
