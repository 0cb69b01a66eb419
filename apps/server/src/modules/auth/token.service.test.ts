import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './token.service';

const SECRET = 'token-cache-test-secret-0123456789abcdef';

describe('TokenService.verify remembers verified tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token once, answers the same claims from memory, and still refuses it once it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService(SECRET);
    const token = await tokens.sign(7, '3f8c2b1e-0000-4000-8000-000000000001', 'jti-1');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 7, tokenId: 'jti-1' });
    expect(await tokens.verify(token)).toBe(first);

    vi.setSystemTime(first!.expiresAt.getTime() + 6_000);
    expect(await tokens.verify(token)).toBeNull();
    // Within the refresh grace the refresh path still accepts it.
    expect(await tokens.verify(token, { allowExpired: true })).toMatchObject({ userId: 7 });
  });

  it('never remembers a token whose signature is wrong', async () => {
    const tokens = new TokenService(SECRET);
    const forged = await new TokenService('another-secret-another-secret-0123456').sign(
      7,
      '3f8c2b1e-0000-4000-8000-000000000001',
      'jti-1',
    );
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    const tampered = `${(await tokens.sign(7, '3f8c2b1e-0000-4000-8000-000000000001', 'jti-2')).slice(0, -2)}xx`;
    expect(await tokens.verify(tampered)).toBeNull();
  });
});
