import { describe, expect, it } from 'vitest';
import {
  radioAddressChanged,
  radioPasswordNeed,
  routerAddressChanged,
  routerNeedsPasswordAgain,
  type RadioAccess,
} from './secret-address';

describe('routerNeedsPasswordAgain', () => {
  const stored = { host: '10.0.0.1', port: 8728, tls: false, tienePassword: true };
  it('a new host, port or TLS with a stored password and none typed', () => {
    expect(routerNeedsPasswordAgain(stored, { host: '10.0.0.2', port: 8728, tls: false, password: '' })).toBe(true);
    expect(routerNeedsPasswordAgain(stored, { host: '10.0.0.1', port: 8730, tls: false, password: '' })).toBe(true);
    // TLS moves the default port as well.
    expect(routerNeedsPasswordAgain(stored, { host: '10.0.0.1', port: undefined, tls: true, password: '' })).toBe(true);
    expect(routerNeedsPasswordAgain(stored, { host: '10.0.0.1', port: 8728, tls: true, password: '' })).toBe(true);
  });
  it('not when the password is typed, nothing is stored, or the address is the same one', () => {
    expect(routerNeedsPasswordAgain(stored, { host: '10.0.0.2', port: 8728, tls: false, password: 'x' })).toBe(false);
    expect(
      routerNeedsPasswordAgain({ ...stored, tienePassword: false }, { ...stored, host: '10.0.0.2', password: '' }),
    ).toBe(false);
    // The default port written out, and a host in other letter case, are the same address.
    expect(routerNeedsPasswordAgain(stored, { host: ' 10.0.0.1', port: undefined, tls: false, password: '' })).toBe(
      false,
    );
    const named = { ...stored, host: 'RB-Norte.airlink.mx' };
    expect(routerNeedsPasswordAgain(named, { ...named, host: 'rb-norte.airlink.mx', password: '' })).toBe(false);
    expect(routerAddressChanged(named, { ...named, host: 'rb-norte.evil.mx' })).toBe(true);
  });
});

describe('radioPasswordNeed', () => {
  const own: RadioAccess = { url: '', ipaddr: '10.1.0.5', siteid: 1, username: 'tecnico', ownPassword: true };
  const viaSite: RadioAccess = { url: '', ipaddr: '10.1.0.6', siteid: 1, username: '', ownPassword: false };

  it("a radio with its own password: a new URL or IP needs it again ('own')", () => {
    expect(radioPasswordNeed(own, { ...own, ipaddr: '10.1.0.9' }, true)).toBe('own');
    expect(radioPasswordNeed(own, { ...own, url: 'https://radio.evil.mx' }, false)).toBe('own');
    expect(radioPasswordNeed(own, { ...own, siteid: 2 }, true)).toBe(null);
    // Without a password of its own stored (only a user name), nothing stored goes anywhere.
    expect(radioPasswordNeed({ ...own, ownPassword: false }, { ...own, ipaddr: '10.1.0.9' }, true)).toBe(null);
  });

  it("a radio on its site's password: a new address, another site, or a new radio needs the site's ('site')", () => {
    expect(radioPasswordNeed(viaSite, { ...viaSite, ipaddr: '10.1.0.9' }, true)).toBe('site');
    expect(radioPasswordNeed(viaSite, { ...viaSite, url: 'https://x.mx' }, true)).toBe('site');
    expect(radioPasswordNeed(viaSite, { ...viaSite, siteid: 2 }, true)).toBe('site');
    expect(radioPasswordNeed(null, viaSite, true)).toBe('site');
    // Giving up its own user name makes it use the site's password where it was never confirmed.
    expect(radioPasswordNeed({ ...own, ownPassword: false }, { ...own, username: '' }, true)).toBe('site');
  });

  it('nothing when the site has no password, the radio has no address, or nothing moved', () => {
    expect(radioPasswordNeed(viaSite, { ...viaSite, ipaddr: '10.1.0.9' }, false)).toBe(null);
    expect(radioPasswordNeed(null, { ...viaSite, ipaddr: '' }, true)).toBe(null);
    expect(radioPasswordNeed(null, { ...viaSite, siteid: null }, true)).toBe(null);
    expect(radioPasswordNeed(viaSite, { ...viaSite }, true)).toBe(null);
    expect(radioAddressChanged(viaSite, { ...viaSite, ipaddr: ' 10.1.0.6 ' })).toBe(false);
  });
});
