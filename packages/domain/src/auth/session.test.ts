import { describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_PATTERN, parseSessionUser, sessionUserSchema, signInCodeBodySchema, tokenExpiry } from './index';

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

describe('stored session user', () => {
  it('accepts a complete user', () => {
    const user = { id: 1, name: 'Ana', email: 'ana@airlink.mx', picture: null, idPerfilUsuario: 20 };
    expect(parseSessionUser(JSON.stringify(user))).toEqual(user);
  });
  it('refuses missing or invalid users', () => {
    expect(parseSessionUser(null)).toBeNull();
    expect(parseSessionUser('{bad json')).toBeNull();
    expect(parseSessionUser(JSON.stringify({ name: 'x' }))).toBeNull();
  });
});

describe('sign-in code body', () => {
  const code = Buffer.alloc(32, 7).toString('base64url');

  it('accepts 32 random bytes in base64url', () => {
    expect(code).toMatch(SIGN_IN_CODE_PATTERN);
    expect(signInCodeBodySchema.parse({ code })).toEqual({ code });
  });

  it.each([
    ['missing', {}, 'Falta el código de inicio de sesión'],
    ['a number', { code: 123 }, 'Falta el código de inicio de sesión'],
    ['too short', { code: code.slice(1) }, 'El código de inicio de sesión no es válido. Inicia sesión de nuevo.'],
    ['too long', { code: `${code}A` }, 'El código de inicio de sesión no es válido. Inicia sesión de nuevo.'],
    [
      'a JWT',
      { code: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' },
      'El código de inicio de sesión no es válido. Inicia sesión de nuevo.',
    ],
    [
      'padded base64',
      { code: `${code.slice(0, 42)}=` },
      'El código de inicio de sesión no es válido. Inicia sesión de nuevo.',
    ],
  ])('refuses a code that is %s, in Spanish', (_, body, message) => {
    const r = signInCodeBodySchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('stored session user: the check without zod answers as sessionUserSchema does', () => {
  const user = { id: 7, name: 'Ana', email: 'ana@airlink.mx', picture: 'https://x/a.png', idPerfilUsuario: 20 };
  const cases: unknown[] = [
    user,
    { ...user, picture: null },
    { ...user, extra: 'dropped' },
    { ...user, id: 7.5 },
    { ...user, id: '7' },
    { ...user, id: Number.MAX_SAFE_INTEGER + 2 },
    { ...user, id: Number.NaN },
    { ...user, name: null },
    { ...user, email: 3 },
    { ...user, picture: undefined },
    { ...user, picture: 5 },
    { ...user, idPerfilUsuario: '20' },
    { ...user, idPerfilUsuario: Number.POSITIVE_INFINITY },
    { id: 7 },
    [],
    'Ana',
    42,
    null,
  ];
  it.each(cases.map((c) => [JSON.stringify(c) ?? String(c), c]))('%s', (_label, value) => {
    const parsed = sessionUserSchema.safeParse(value);
    const raw = JSON.stringify(value);
    expect(parseSessionUser(raw)).toEqual(parsed.success ? parsed.data : null);
  });
});
