import { describe, expect, it } from 'vitest';
import { parseCallbackUser, tokenExpiry } from './index';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('token expiry', () => {
  it('reads the exp claim', () => {
    const token = `${b64url({ alg: 'HS256' })}.${b64url({ exp: 1_800_000_000 })}.sig`;
    expect(tokenExpiry(token)?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
  });
  it('returns null for garbage', () => {
    expect(tokenExpiry('nope')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
    expect(tokenExpiry(`${b64url({})}.${b64url({ sub: 1 })}.x`)).toBeNull();
  });
});

describe('callback user', () => {
  it('accepts a complete user', () => {
    const user = { id: 1, name: 'Ana', email: 'ana@airlink.mx', picture: null, idPerfilUsuario: 20 };
    expect(parseCallbackUser(JSON.stringify(user))).toEqual(user);
  });
  it('refuses missing or invalid users', () => {
    expect(parseCallbackUser(null)).toBeNull();
    expect(parseCallbackUser('{bad json')).toBeNull();
    expect(parseCallbackUser(JSON.stringify({ name: 'x' }))).toBeNull();
  });
});
