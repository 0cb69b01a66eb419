import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiErrorOf, onApiError } from './api-client';
import { session } from './session';
import { mockFetch } from './testing/fetch-mock';
import { signIn } from './testing/fixtures';

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10, 'tok-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and JSON', async () => {
    const { calls } = mockFetch({ 'POST /api/x': { body: { ok: true } } });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('an explicit Authorization header wins over the stored token', async () => {
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [] } });
    await api.get('/api/usuarios', { headers: { Authorization: 'Bearer other' } });
    expect(calls[0]?.headers.Authorization).toBe('Bearer other');
  });

  it('a 401 clears token and user and records /login as the way out', async () => {
    localStorage.setItem('notifications', '[]');
    mockFetch({ 'GET /api/customer': { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } } });
    const toasts = vi.fn();
    const off = onApiError(toasts);
    await expect(api.get('/api/customer')).rejects.toBeInstanceOf(ApiError);
    off();
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(localStorage.getItem('notifications')).toBeNull();
    expect(session.exitPath()).toBe('/login');
    expect(toasts).not.toHaveBeenCalled();
  });

  it('allow401 keeps the session (the session check uses it)', async () => {
    mockFetch({ 'GET /api/usuarios': { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } } });
    await expect(api.get('/api/usuarios', { allow401: true })).rejects.toMatchObject({ status: 401 });
    expect(session.getToken()).toBe('tok-1');
  });

  it('other errors reach the toast listeners with the server message', async () => {
    mockFetch({ 'GET /api/x': { status: 409, body: { error: 'email_taken', message: 'El correo ya existe' } } });
    const toasts = vi.fn();
    const off = onApiError(toasts);
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 409, code: 'email_taken' });
    off();
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ message: 'El correo ya existe' }));
    expect(session.getToken()).toBe('tok-1');
  });
});

describe("apiErrorOf (error codes are the domain's typed list)", () => {
  it('keeps a known code with its message and field errors', async () => {
    const err = await apiErrorOf(
      409,
      { error: 'version_conflict', message: 'Otro usuario lo cambió', details: { x: ['y'] } },
      'x',
    );
    expect([err.status, err.code, err.message, err.details]).toEqual([
      409,
      'version_conflict',
      'Otro usuario lo cambió',
      { x: ['y'] },
    ]);
  });
  it('an unknown code becomes http_<status> and keeps the server message', async () => {
    const err = await apiErrorOf(418, { error: 'teapot', message: 'Soy una tetera' }, 'fallback');
    expect([err.code, err.message]).toEqual(['http_418', 'Soy una tetera']);
  });
  it('comparing with a code the server never sends does not compile', async () => {
    const err = await apiErrorOf(409, { error: 'slot_taken', message: 'Ocupado' }, 'x');
    // @ts-expect-error a misspelt code is a type error, not a silent false
    expect(err.code === 'slot_takn').toBe(false);
    expect(err.code === 'slot_taken').toBe(true);
  });
  it('a body that is not our error shape gets the fallback message', async () => {
    const err = await apiErrorOf(502, '<html>Bad Gateway</html>', 'Error del servidor (502). Intenta de nuevo.');
    expect([err.code, err.message]).toEqual(['http_502', 'Error del servidor (502). Intenta de nuevo.']);
  });
});
