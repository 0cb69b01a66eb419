import { describe, expect, it } from 'vitest';
import {
  accountState,
  accountStateText,
  afterWrongCode,
  codeUsable,
  isSignInLocked,
  mayIssueCode,
  onlinePaymentAmount,
  parseContractReference,
  portalPhoneKey,
  portalPhoneMatches,
  PORTAL_CODE_TTL_MS,
  PORTAL_LOCK_MS,
  sameDisplayId,
} from './portal';
import { onlinePaymentInputSchema, portalSessionInputSchema } from './portal-schemas';

const NOW = new Date('2026-11-24T18:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('portal codes (docs/business-rules.md "Customer portal")', () => {
  it.each([
    ['fresh, unused', { expiresAt: later(PORTAL_CODE_TTL_MS), usedAt: null, tries: 0 }, true],
    ['4 wrong tries', { expiresAt: later(1000), usedAt: null, tries: 4 }, true],
    ['5 wrong tries: dead', { expiresAt: later(1000), usedAt: null, tries: 5 }, false],
    ['expired', { expiresAt: later(0), usedAt: null, tries: 0 }, false],
    ['used once', { expiresAt: later(1000), usedAt: NOW, tries: 0 }, false],
  ])('%s', (_, code, usable) => {
    expect(codeUsable(code, NOW)).toBe(usable);
  });

  it('the fifth wrong code in a row locks sign-in for 15 minutes, then the count starts again', () => {
    let lock = { wrong: 0, lockedUntil: null as Date | null };
    for (let i = 0; i < 4; i++) lock = afterWrongCode(lock, NOW);
    expect(lock).toEqual({ wrong: 4, lockedUntil: null });
    expect(isSignInLocked(lock, NOW)).toBe(false);
    lock = afterWrongCode(lock, NOW);
    expect(lock).toEqual({ wrong: 0, lockedUntil: later(PORTAL_LOCK_MS) });
    expect(isSignInLocked(lock, later(PORTAL_LOCK_MS - 1))).toBe(true);
    expect(isSignInLocked(lock, later(PORTAL_LOCK_MS))).toBe(false);
  });

  it.each([
    [{ phone: 0, ip: 0 }, true],
    [{ phone: 4, ip: 19 }, true],
    [{ phone: 5, ip: 0 }, false],
    [{ phone: 0, ip: 20 }, false],
  ])('at most 5 codes per phone and 20 per address an hour: %o', (sent, ok) => {
    expect(mayIssueCode(sent)).toBe(ok);
  });

  it('a code is 6 digits', () => {
    expect(portalSessionInputSchema.safeParse({ contrato: '12', codigo: '123456' }).success).toBe(true);
    for (const codigo of ['12345', '1234567', '12345a', 123456])
      expect(portalSessionInputSchema.safeParse({ contrato: '12', codigo }).success).toBe(false);
  });
});

describe('portal phone and contract reference', () => {
  it.each([
    ['771 123 4567', '527711234567'],
    ['771-123-4567', '527711234567'],
    ['(771) 123.45.67', '527711234567'],
    ['+52 771 123 4567', '527711234567'],
    ['521 771 123 4567', '527711234567'],
    ['771123456', null],
    ['771abc4567', null],
    ['', null],
  ])('%s → %s', (input, key) => {
    expect(portalPhoneKey(input)).toBe(key);
  });

  it('matches the phone on file however either is written', () => {
    expect(portalPhoneMatches('771-123-4567', '7711234567')).toBe(true);
    expect(portalPhoneMatches('7711234567', '771 123 4567')).toBe(true);
    expect(portalPhoneMatches('7711234568', '7711234567')).toBe(false);
    expect(portalPhoneMatches('7711234567', '')).toBe(false);
  });

  it.each([
    ['12', { no: 12, displayId: null }],
    ['0012', { no: 12, displayId: null }],
    [' 12 ', { no: 12, displayId: null }],
    ['260012JuanPerezHidalgo12Centro', { no: 12, displayId: '260012JuanPerezHidalgo12Centro' }],
    ['2612345JuanPerez', { no: 12345, displayId: '2612345JuanPerez' }],
    ['0', null],
    ['26    JuanPerez', null],
    ['abc', null],
    ['', null],
  ])('%j → %o', (input, ref) => {
    expect(parseContractReference(input)).toEqual(ref);
  });

  it('a display id must be the whole one, ignoring case', () => {
    expect(sameDisplayId('260012juanperezhidalgo12centro', '260012JuanPerezHidalgo12Centro')).toBe(true);
    expect(sameDisplayId('260012JuanPerez', '260012JuanPerezHidalgo12Centro')).toBe(false);
  });
});

describe('account state and amount to pay', () => {
  it.each([
    [false, 0, 'al_corriente', 'Al corriente'],
    [false, 1, 'con_retraso', 'Con retraso de 1 día'],
    [false, 12, 'con_retraso', 'Con retraso de 12 días'],
    [true, 40, 'suspendido', 'Servicio suspendido'],
    [true, 0, 'suspendido', 'Servicio suspendido'],
  ] as const)('cut %s, %i days late → %s', (cortado, dias, state, text) => {
    expect(accountState(cortado, dias)).toBe(state);
    expect(accountStateText(accountState(cortado, dias), dias)).toBe(text);
  });

  it.each([
    [300, 1, false, false, 300],
    [300, 2, false, false, 600],
    [300, 1, true, false, 330],
    [300, 1, true, true, 383],
    [300, 2, false, true, 696],
    [349.5, 3, false, false, 1048.5],
    [349.5, 12, true, false, 4224],
  ])('%d a month x %i months, cut %s, invoiced %s = %d', (monthly, months, cortado, facturar, total) => {
    expect(onlinePaymentAmount({ monthly, months, cortado, facturar })).toBe(total);
  });

  it('months are 1 to 12, a JSON integer', () => {
    for (const meses of [1, 12]) expect(onlinePaymentInputSchema.safeParse({ meses }).success).toBe(true);
    for (const meses of [0, 13, 1.5, '2', null])
      expect(onlinePaymentInputSchema.safeParse({ meses }).success).toBe(false);
  });
});
