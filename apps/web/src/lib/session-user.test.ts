import { describe, expect, it } from 'vitest';
import { ownSessionUser, tokenUserId } from './session-user';
import { fakeToken } from './testing/fetch-mock';
import { makeServerUser } from './testing/fixtures';

describe('session user helpers', () => {
  it("reads the token's sub claim as the user id", () => {
    expect(tokenUserId(fakeToken(60, '42'))).toBe(42);
    expect(tokenUserId(fakeToken(60, 'abc'))).toBeNull();
    expect(tokenUserId('tok-1')).toBeNull();
    expect(tokenUserId('a.%%%.c')).toBeNull();
    expect(tokenUserId(null)).toBeNull();
  });

  it('picks the own entry of a users answer and builds the SessionUser the server would', async () => {
    const users = [
      makeServerUser(20),
      makeServerUser(7, { nombre: 'Ana', apellidos: '', picture: 'https://img/ana.png' }),
      { id: 8, nombre: 'sin el resto' },
    ];
    expect(await ownSessionUser(users, 7)).toEqual({
      id: 7,
      name: 'Ana',
      email: 'nivel7@airlink.test',
      picture: 'https://img/ana.png',
      idPerfilUsuario: 7,
    });
    expect((await ownSessionUser(users, 20))?.name).toBe('Usuario Nivel 20');
    expect(await ownSessionUser(users, 8)).toBeNull();
    expect(await ownSessionUser({ id: 7 }, 7)).toBeNull();
  });
});
