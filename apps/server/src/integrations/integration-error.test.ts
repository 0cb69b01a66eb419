import { describe, expect, it } from 'vitest';
import { AirosAuthError, AirosError, AirosTimeoutError } from './airos/errors';
import { IntegrationError, secondsText } from './integration-error';
import { RouterOsAuthError, RouterOsError, RouterOsTimeoutError, RouterOsTrapError } from './routeros/errors';

describe('IntegrationError, the base of the RouterOS and airOS errors', () => {
  it('both families are IntegrationErrors with a code, a Spanish message and their own class name', () => {
    const router = new RouterOsAuthError('invalid user name or password (6)');
    const radio = new AirosAuthError();
    for (const err of [router, radio]) expect(err).toBeInstanceOf(IntegrationError);
    expect(router).toBeInstanceOf(RouterOsError);
    expect(radio).toBeInstanceOf(AirosError);
    expect(router).toMatchObject({
      code: 'routeros_auth',
      name: 'RouterOsAuthError',
      message: 'Usuario o contraseña incorrectos en el router',
      detail: 'invalid user name or password (6)',
    });
    expect(radio).toMatchObject({ code: 'airos_auth', name: 'AirosAuthError' });
    // Trap keeps its own fields and helpers on top of the base.
    const trap = new RouterOsTrapError('no such item', undefined, '/ip/firewall/address-list/remove');
    expect(trap.isNoSuchItem).toBe(true);
  });

  it('durations read the same in both: seconds with one decimal at most', () => {
    expect(secondsText(700)).toBe('0.7 s');
    expect(secondsText(2000)).toBe('2 s');
    expect(new RouterOsTimeoutError(1500, '/login').message).toBe('El router no respondió en 1.5 s');
    expect(new AirosTimeoutError(1500).message).toBe('El radio no respondió en 1.5 s');
  });
});
