import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkSignature,
  decidePayment,
  isOurReference,
  parseSignatureHeader,
  signatureManifests,
  signatureTimeMs,
  type IntentFacts,
} from './online-payment';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

describe('Mercado Pago signature (docs/protocols/mercadopago.md "Notifications")', () => {
  const requestId = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';

  it('the documented test vector', () => {
    const [manifest] = signatureManifests('123456789', requestId, '1704908010');
    expect(manifest).toBe(`id:123456789;request-id:${requestId};ts:1704908010;`);
    expect(hmacHex('test-secret', manifest!)).toBe('836770f85a31cba847158857c687625d7d5bd268779abb39414d6abc6548b0b4');
    expect(hmacHex('test-secret', signatureManifests(undefined, requestId, '1704908010')[0]!)).toBe(
      '664c032a99e6fa4a3dfc1e87d330b9020a480414772a2389b5601835d9179cd8',
    );
  });

  it('an alphanumeric id is tried as received and lower-cased', () => {
    expect(signatureManifests('ABC1', 'r', '1')).toEqual(['id:ABC1;request-id:r;ts:1;', 'id:abc1;request-id:r;ts:1;']);
  });

  it.each([
    ['ts=1704908010,v1=' + 'a'.repeat(64), { ts: '1704908010', v1: 'a'.repeat(64) }],
    [' v1=' + 'A'.repeat(64) + ' , ts=1704908010 ', { ts: '1704908010', v1: 'a'.repeat(64) }],
    ['ts=1704908010', null],
    ['v1=' + 'a'.repeat(64), null],
    ['ts=abc,v1=' + 'a'.repeat(64), null],
    ['ts=1,v1=xyz', null],
    ['', null],
  ])('parses %j', (header, parts) => {
    expect(parseSignatureHeader(header)).toEqual(parts);
  });

  it('ts in seconds or milliseconds, by magnitude', () => {
    expect(signatureTimeMs('1704908010')).toBe(1704908010000);
    expect(signatureTimeMs('1704908010123')).toBe(1704908010123);
  });

  const now = new Date(1704908010_000);
  const sign = (ts: string, secret = 'test-secret', id = '123456789') =>
    `ts=${ts},v1=${hmacHex(secret, signatureManifests(id, requestId, ts)[0]!)}`;
  it.each([
    ['valid, seconds', sign('1704908010'), requestId, '123456789', 'ok'],
    ['valid, milliseconds', sign('1704908010500'), requestId, '123456789', 'ok'],
    ['valid, 9 minutes old', sign('1704907470'), requestId, '123456789', 'ok'],
    ['stale: 11 minutes old', sign('1704907350'), requestId, '123456789', 'stale'],
    ['stale: 11 minutes ahead', sign('1704908670'), requestId, '123456789', 'stale'],
    ['wrong secret', sign('1704908010', 'other'), requestId, '123456789', 'mismatch'],
    ['another payment id', sign('1704908010'), requestId, '123456780', 'mismatch'],
    ['another request id', sign('1704908010'), 'other-request', '123456789', 'mismatch'],
    ['no header', undefined, requestId, '123456789', 'missing'],
    ['no v1', 'ts=1704908010', requestId, '123456789', 'missing'],
    ['no request id', sign('1704908010'), undefined, '123456789', 'missing'],
    ['no data.id', sign('1704908010'), requestId, undefined, 'missing'],
  ] as const)('%s → %s', (_, header, reqId, dataId, result) => {
    expect(checkSignature({ header, requestId: reqId, dataId, secret: 'test-secret', now, hmacHex })).toBe(result);
  });

  it('no secret configured refuses every notification', () => {
    expect(
      checkSignature({ header: sign('1704908010'), requestId, dataId: '123456789', secret: '', now, hmacHex }),
    ).toBe('missing');
  });
});

describe('what a Mercado Pago payment does to its intent', () => {
  const id = '0b7c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
  const intent = (over: Partial<IntentFacts> = {}): IntentFacts => ({
    id,
    monto: 600,
    estado: 'pendiente',
    mpPaymentId: null,
    ...over,
  });
  const pay = (status: string, over: Record<string, unknown> = {}) => ({
    id: 111,
    status,
    currency_id: 'MXN',
    transaction_amount: 600,
    external_reference: id,
    ...over,
  });
  it.each([
    ['approved, MXN, right amount', intent(), pay('approved'), 'register'],
    ['approved in USD', intent(), pay('approved', { currency_id: 'USD' }), 'mismatch'],
    ['approved for another amount', intent(), pay('approved', { transaction_amount: 599.99 }), 'mismatch'],
    ['approved, another reference', intent(), pay('approved', { external_reference: 'x' }), 'mismatch'],
    [
      'approved again (duplicate)',
      intent({ estado: 'aprobado', mpPaymentId: '111' }),
      pay('approved'),
      'already_registered',
    ],
    ['a second approved payment', intent({ estado: 'aprobado', mpPaymentId: '99' }), pay('approved'), 'register_extra'],
    ['pending (OXXO)', intent(), pay('pending'), 'pending'],
    ['in process', intent(), pay('in_process'), 'pending'],
    ['unknown status', intent(), pay('something_new'), 'pending'],
    ['rejected', intent(), pay('rejected'), 'rejected'],
    ['retried after a rejection', intent({ estado: 'rechazado' }), pay('pending'), 'pending'],
    ['cancelled (ticket expired)', intent(), pay('cancelled'), 'expired'],
    [
      'rejected after approval (out of order)',
      intent({ estado: 'aprobado', mpPaymentId: '111' }),
      pay('rejected'),
      'ignore',
    ],
    [
      'pending after approval (out of order)',
      intent({ estado: 'aprobado', mpPaymentId: '111' }),
      pay('pending'),
      'ignore',
    ],
    ['refunded after registration', intent({ estado: 'aprobado', mpPaymentId: '111' }), pay('refunded'), 'refund'],
    ['charged back', intent({ estado: 'aprobado', mpPaymentId: '111' }), pay('charged_back'), 'refund'],
    ['refund of a payment never registered', intent(), pay('refunded'), 'ignore'],
  ] as const)('%s → %s', (_, i, p, kind) => {
    expect(decidePayment(i, p).kind).toBe(kind);
  });

  it('our external_reference is an intent id (a UUID)', () => {
    expect(isOurReference(id)).toBe(true);
    expect(isOurReference('INV-2026-11-0042')).toBe(false);
    expect(isOurReference(null)).toBe(false);
  });
});
