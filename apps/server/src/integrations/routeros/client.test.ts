import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterOsClient, type RouterOsClientOptions } from './client';
import { RouterOsConnection } from './connection';
import {
  RouterOsAuthError,
  RouterOsClosedError,
  RouterOsConnectTimeoutError,
  RouterOsError,
  RouterOsFatalError,
  RouterOsProtocolError,
  RouterOsTimeoutError,
  RouterOsTlsError,
  RouterOsTrapError,
  RouterOsUnreachableError,
} from './errors';
import {
  type FakeRouterOs,
  type FakeRouterOsOptions,
  buildDemoRouterSeed,
  startFakeRouterOs,
} from '../../demo/fakes/routeros/fake-server';
import { encodeSentence } from './protocol';

const LIST = 'airlink-cortados';
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fakeRouter(opts: FakeRouterOsOptions = {}): Promise<FakeRouterOs> {
  const fake = await startFakeRouterOs({
    identity: 'torre-norte',
    users: [{ name: 'airlink', password: 's3creto-largo' }],
    seed: buildDemoRouterSeed({ customers: 20 }),
    ...opts,
  });
  cleanups.push(() => fake.stop());
  return fake;
}

function clientFor(fake: FakeRouterOs, opts: Partial<RouterOsClientOptions> = {}): RouterOsClient {
  const client = new RouterOsClient({
    host: fake.host,
    port: fake.port,
    username: 'airlink',
    password: 's3creto-largo',
    ...opts,
  });
  cleanups.push(() => client.close());
  return client;
}

async function rejection(p: Promise<unknown>): Promise<RouterOsError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(RouterOsError);
    return err as RouterOsError;
  }
  throw new Error('expected the promise to reject');
}

/** A TCP server that answers every sentence with the given raw bytes (for replies the fake never sends). */
async function rawServer(reply: (sentence: number) => Buffer | null): Promise<{ port: number }> {
  let n = 0;
  const server = net.createServer((socket) => {
    socket.on('data', (chunk) => {
      // Count terminators: good enough for the short sentences these tests send.
      for (const byte of chunk) {
        if (byte !== 0) continue;
        const bytes = reply(n++);
        if (bytes) socket.write(bytes);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => sockets.add(s));
  cleanups.push(() => sockets.forEach((s) => s.destroy()));
  return { port: (server.address() as net.AddressInfo).port };
}

describe('login', () => {
  it('logs in to RouterOS >= 6.43 with name and password in one sentence', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    expect(await client.identity()).toBe('torre-norte');
    expect(fake.logins).toBe(1);
    const login = fake.commandLog.find((c) => c.words[0] === '/login')!;
    expect(login.words).toEqual(['/login', '=name=airlink', '=password=***']);
  });

  it('answers the MD5 challenge of a router older than 6.43', async () => {
    const fake = await fakeRouter({ version: '6.40.9' });
    const client = clientFor(fake);
    expect(await client.identity()).toBe('torre-norte');
    expect(fake.commandLog.filter((c) => c.words[0] === '/login').map((c) => c.words[2]?.split('=')[1])).toEqual([
      'password',
      'response',
    ]);
  });

  it('gives a typed Spanish error for a wrong password, without the password, and closes the socket', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake, { password: 'equivocada' });
    const err = await rejection(client.identity());
    expect(err).toBeInstanceOf(RouterOsAuthError);
    expect(err.code).toBe('routeros_auth');
    expect(err.message).toBe('Usuario o contraseña incorrectos en el router');
    expect(err.detail).toBe('invalid user name or password (6)');
    expect(JSON.stringify({ m: err.message, d: err.detail, s: err.stack })).not.toContain('equivocada');
    await vi.waitFor(() => expect(fake.openConnections).toBe(0));
    expect(fake.logins).toBe(0);
  });

  it('gives the same typed error on a pre-6.43 router ("cannot log in")', async () => {
    const fake = await fakeRouter({ version: '6.40.9' });
    const err = await rejection(clientFor(fake, { password: 'equivocada' }).identity());
    expect(err).toBeInstanceOf(RouterOsAuthError);
    expect(err.detail).toBe('cannot log in');
  });
});

describe('connecting', () => {
  it('reports a refused port as unreachable, in Spanish', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const client = new RouterOsClient({ host: '127.0.0.1', port, username: 'a', password: 'b' });
    cleanups.push(() => client.close());
    const err = await rejection(client.identity());
    expect(err).toBeInstanceOf(RouterOsUnreachableError);
    expect(err.message).toMatch(/^No se pudo conectar con el router \(conexión rechazada/);
  });

  it('gives up when the router accepts TCP but never answers the login', async () => {
    const fake = await fakeRouter();
    fake.hangOn('/login');
    const client = clientFor(fake, { connectTimeoutMs: 300 });
    const err = await rejection(client.identity());
    expect(err).toBeInstanceOf(RouterOsConnectTimeoutError);
    expect(err.message).toBe('No se pudo conectar con el router en 0.3 s');
    await vi.waitFor(() => expect(fake.openConnections).toBe(0));
  });

  it('gives up when the TLS handshake never completes', async () => {
    const { port } = await rawServer(() => null); // plain TCP: accepts, never answers the ClientHello
    const client = new RouterOsClient({
      host: '127.0.0.1',
      port,
      tls: { allowSelfSigned: true },
      username: 'a',
      password: 'b',
      connectTimeoutMs: 300,
    });
    cleanups.push(() => client.close());
    const err = await rejection(client.identity());
    expect(err).toBeInstanceOf(RouterOsConnectTimeoutError);
    expect(err.code).toBe('routeros_connect_timeout');
  });

  it('closes cleanly: pending commands fail with a typed error and the router sees the socket close', async () => {
    const fake = await fakeRouter();
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    fake.hangOn('/system/identity/print');
    const pending = conn.command(['/system/identity/print']);
    conn.close();
    expect(await rejection(pending)).toBeInstanceOf(RouterOsClosedError);
    expect(conn.closed).toBe(true);
    expect(await rejection(conn.command(['/system/identity/print']))).toBeInstanceOf(RouterOsClosedError);
    await vi.waitFor(() => expect(fake.openConnections).toBe(0));
  });
});

describe('tags and replies', () => {
  it('runs concurrent commands on one connection and routes each reply by its tag', async () => {
    const fake = await fakeRouter();
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    cleanups.push(() => conn.close());
    // The first command is answered last: only tag routing gives each caller its own rows.
    fake.delayOn('/ppp/secret/print', 150, { once: true });
    const finished: string[] = [];
    const track = <T>(name: string, p: Promise<T>) => p.then((v) => (finished.push(name), v));
    const [secrets, identity, interfaces] = await Promise.all([
      track('secrets', conn.command(['/ppp/secret/print', '=.proplist=name', '?name=cli0003'])),
      track('identity', conn.command(['/system/identity/print'])),
      track('interfaces', conn.command(['/interface/print', '=.proplist=name', '?type=bridge'])),
    ]);
    expect(finished[2]).toBe('secrets');
    expect(secrets.rows).toEqual([{ name: 'cli0003' }]);
    expect(identity.rows).toEqual([{ name: 'torre-norte' }]);
    expect(interfaces.rows).toEqual([{ name: 'bridge-clientes' }]);
    const tags = fake.commandLog.filter((c) => c.words[0] !== '/login').map((c) => c.tag);
    expect(new Set(tags).size).toBe(3);
    expect(fake.acceptedConnections).toBe(1);
  });

  it('interleaves a streaming command with others and stops it with /cancel', async () => {
    const fake = await fakeRouter({ monitorIntervalMs: 20 });
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    cleanups.push(() => conn.close());
    const rows: Record<string, string>[] = [];
    const stream = conn.stream(['/interface/monitor-traffic', '=interface=ether1,ether2'], (r) => rows.push(r));
    await vi.waitFor(() => expect(rows.length).toBeGreaterThanOrEqual(4));
    const identity = await conn.command(['/system/identity/print']);
    expect(identity.rows).toEqual([{ name: 'torre-norte' }]);
    await stream.cancel();
    const reply = await stream.done;
    expect(reply.rows).toEqual([]);
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(['ether1', 'ether2']));
    expect(fake.commandLog.some((c) => c.words[0] === '/cancel' && c.words[1] === `=tag=${stream.tag}`)).toBe(true);
    const seen = rows.length;
    await conn.command(['/system/identity/print']);
    expect(rows.length).toBe(seen);
  });

  it('turns !trap into a typed error with the message and category, and keeps the connection', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    const err = await rejection(client.addressList.remove('*FFFF'));
    expect(err).toBeInstanceOf(RouterOsTrapError);
    const trap = err as RouterOsTrapError;
    expect(trap.code).toBe('routeros_trap');
    expect(trap.routerMessage).toBe('no such item (4)');
    expect(trap.isNoSuchItem).toBe(true);
    // The router's words are for the log (detail), never in the message people see.
    expect(trap.message).toBe('El router rechazó la orden');
    expect(trap.detail).toBe('/ip/firewall/address-list/remove: no such item (4)');

    const bad = (await rejection(client.interfaces.traffic('ether9'))) as RouterOsTrapError;
    expect(bad.category).toBe(1);
    expect(bad.routerMessage).toBe('input does not match any value of interface');

    expect(await client.identity()).toBe('torre-norte');
    expect(fake.acceptedConnections).toBe(1);
  });

  it('reports an unknown command path as a category-0 trap', async () => {
    const fake = await fakeRouter();
    const err = (await rejection(clientFor(fake).command(['/no/existe/print']))) as RouterOsTrapError;
    expect(err.category).toBe(0);
    expect(err.routerMessage).toBe('no such command prefix');
  });

  it('ignores unknown reply words and untagged noise, and fails on a malformed stream', async () => {
    const { port } = await rawServer((n) => {
      if (n === 0) return encodeSentence(['!done', '.tag=1']); // login
      if (n === 1)
        return Buffer.concat([
          encodeSentence(['!future-word', '.tag=2']),
          encodeSentence(['!re', '=name=ok', '=.section=0', '.tag=2']),
          encodeSentence(['!re', '=name=nobody-asked', '.tag=99']),
          encodeSentence(['!done', '.tag=2']),
        ]);
      return Buffer.from([0xf8, 1, 2, 3]);
    });
    const warnings: string[] = [];
    const conn = await RouterOsConnection.connect({
      host: '127.0.0.1',
      port,
      username: 'a',
      password: 'b',
      logger: { warn: (m) => warnings.push(m) },
    });
    cleanups.push(() => conn.close());
    const reply = await conn.command(['/system/identity/print']);
    expect(reply.rows).toEqual([{ name: 'ok', '.section': '0' }]);
    expect(warnings).toHaveLength(2);
    expect(await rejection(conn.command(['/system/identity/print']))).toBeInstanceOf(RouterOsProtocolError);
    expect(conn.closed).toBe(true);
  });
});

describe('!empty', () => {
  it('RouterOS 7.18 answers an empty print with !empty then !done', async () => {
    const fake = await fakeRouter({ version: '7.18.2' });
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    cleanups.push(() => conn.close());
    const reply = await conn.command(['/ip/firewall/address-list/print', '?list=no-existe']);
    expect(reply).toEqual({ rows: [], done: {}, empty: true });
    const full = await conn.command(['/ppp/secret/print', '=.proplist=name', '?name=cli0001']);
    expect(full.empty).toBe(false);
    expect(await clientFor(fake).addressList.list('no-existe')).toEqual([]);
  });

  it('RouterOS 6.49 answers an empty print with just !done', async () => {
    const fake = await fakeRouter({ version: '6.49.17' });
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    cleanups.push(() => conn.close());
    const reply = await conn.command(['/ip/firewall/address-list/print', '?list=no-existe']);
    expect(reply).toEqual({ rows: [], done: {}, empty: false });
    expect(await clientFor(fake).addressList.list('no-existe')).toEqual([]);
    expect(await clientFor(fake).pppSecrets.find('nadie')).toBeNull();
  });
});

describe('timeouts, !fatal and the pool', () => {
  it('fails a command the router stops answering, closes that connection, and recovers on the next command', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake, { commandTimeoutMs: 300 });
    expect(await client.identity()).toBe('torre-norte');
    fake.hangOn('/system/resource/print', { once: true });
    const err = await rejection(client.resource());
    expect(err).toBeInstanceOf(RouterOsTimeoutError);
    expect(err.code).toBe('routeros_timeout');
    expect(err.message).toBe('El router no respondió en 0.3 s');
    await vi.waitFor(() => expect(fake.openConnections).toBe(0));
    expect(client.openConnections).toBe(0);

    const resource = await client.resource();
    expect(resource.version).toBe('7.18.2 (stable)');
    expect(fake.acceptedConnections).toBe(2);
  });

  it('fails the other commands pending on a connection closed by a timeout', async () => {
    const fake = await fakeRouter();
    const conn = await RouterOsConnection.connect({
      host: fake.host,
      port: fake.port,
      username: 'airlink',
      password: 's3creto-largo',
    });
    fake.hangOn(() => true);
    const slow = conn.command(['/system/resource/print'], { timeoutMs: 200 });
    const other = conn.command(['/system/identity/print'], { timeoutMs: 60_000 });
    expect(await rejection(slow)).toBeInstanceOf(RouterOsTimeoutError);
    const otherErr = await rejection(other);
    expect(otherErr).toBeInstanceOf(RouterOsClosedError);
    expect(otherErr.message).toBe('Se perdió la conexión con el router antes de recibir la respuesta');
  });

  it('turns !fatal into a typed error for every pending command and reconnects afterwards', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    expect(await client.identity()).toBe('torre-norte');
    fake.fatalOn('/system/resource/print', 'out of memory', { once: true });
    const err = await rejection(client.resource());
    expect(err).toBeInstanceOf(RouterOsFatalError);
    expect((err as RouterOsFatalError).reason).toBe('out of memory');
    expect(err.message).toBe('El router cerró la conexión');
    expect((err as RouterOsFatalError).detail).toBe('out of memory');
    expect((await client.resource()).boardName).toBe('CCR2004-16G-2S+');
    expect(fake.acceptedConnections).toBe(2);
  });

  it('notices a !fatal sent while idle and reconnects on the next command', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    await client.identity();
    fake.fatalAll('session terminated on request');
    await vi.waitFor(() => expect(client.openConnections).toBe(0));
    expect(await client.identity()).toBe('torre-norte');
    expect(fake.acceptedConnections).toBe(2);
  });

  it('fails a command whose connection is dropped mid-command, then reconnects', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    fake.closeOn('/ppp/active/print', { once: true });
    expect(await rejection(client.pppActive.list())).toBeInstanceOf(RouterOsClosedError);
    expect((await client.pppActive.list()).length).toBeGreaterThan(0);
  });

  it('keeps at most maxConnections per router and closes idle ones', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake, { maxConnections: 2, idleCloseMs: 100 });
    fake.delayOn('/system/identity/print', 50);
    const names = await Promise.all(Array.from({ length: 6 }, () => client.identity()));
    expect(names).toEqual(Array(6).fill('torre-norte'));
    expect(fake.acceptedConnections).toBe(2);
    await vi.waitFor(() => expect(fake.openConnections).toBe(0));
    expect(client.openConnections).toBe(0);
  });

  it('does not accept commands after close()', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    await client.identity();
    client.close();
    expect(await rejection(client.identity())).toBeInstanceOf(RouterOsClosedError);
  });
});

describe('TLS (api-ssl)', () => {
  it('connects to a self-signed router only when allowed', async () => {
    const fake = await fakeRouter({ tls: true });
    const port = fake.tlsPort!;
    const strict = clientFor(fake, { port, tls: true });
    const err = await rejection(strict.identity());
    expect(err).toBeInstanceOf(RouterOsTlsError);
    expect(err.code).toBe('routeros_tls');

    expect(await clientFor(fake, { port, tls: { allowSelfSigned: true } }).identity()).toBe('torre-norte');
    expect(await clientFor(fake, { port, tls: { ca: fake.tlsCertificatePem } }).identity()).toBe('torre-norte');
  });

  it('speaks anonymous DH to an api-ssl without certificate, only when asked to', async () => {
    const fake = await fakeRouter({ tls: { anonymous: true } });
    const port = fake.tlsPort!;
    expect(await clientFor(fake, { port, tls: { anonymous: true } }).identity()).toBe('torre-norte');
    const err = await rejection(clientFor(fake, { port, tls: { allowSelfSigned: true } }).identity());
    expect(err).toBeInstanceOf(RouterOsTlsError);
  });

  it('checks a pinned certificate fingerprint', async () => {
    const fake = await fakeRouter({ tls: true });
    const port = fake.tlsPort!;
    expect(await clientFor(fake, { port, tls: { fingerprint256: fake.tlsFingerprint256! } }).identity()).toBe(
      'torre-norte',
    );
    const wrong = '00:' + fake.tlsFingerprint256!.slice(3);
    const err = await rejection(clientFor(fake, { port, tls: { fingerprint256: wrong } }).identity());
    expect(err).toBeInstanceOf(RouterOsTlsError);
  });
});

describe('operations the network feature needs', () => {
  it('reads identity, resource and the probe', async () => {
    const fake = await fakeRouter({ version: '6.49.17' });
    const client = clientFor(fake);
    const probe = await client.probe();
    expect(probe.identity).toBe('torre-norte');
    expect(probe.version).toBe('6.49.17 (stable)');
    expect(probe.uptimeSeconds).toBeGreaterThan(3 * 86_400);
    expect(probe.boardName).toBe('CCR2004-16G-2S+');
    expect(probe.totalMemory).toBe(4294967296);
    const sent = fake.commandLog.find((c) => c.words[0] === '/system/resource/print')!;
    expect(sent.words[1]).toBe('=.proplist=uptime,version,board-name,cpu-load,free-memory,total-memory');
  });

  it('adds to and removes from the suspension address list (checked on the router)', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    const before = fake.addressList(LIST).length;
    const added = await client.addressList.add(LIST, '10.20.0.44', 'contrato 42');
    expect(added.alreadyPresent).toBe(false);
    expect(fake.addressList(LIST).find((e) => e.address === '10.20.0.44')).toMatchObject({
      id: added.id,
      comment: 'contrato 42',
      disabled: false,
    });

    const again = await client.addressList.add(LIST, '10.20.0.44', 'contrato 42');
    expect(again).toEqual({ id: added.id, alreadyPresent: true });
    expect(fake.addressList(LIST)).toHaveLength(before + 1);

    const listed = await client.addressList.list(LIST);
    expect(listed.find((e) => e.id === added.id)).toMatchObject({
      address: '10.20.0.44',
      comment: 'contrato 42',
      dynamic: false,
    });

    await client.addressList.remove(added.id);
    expect(fake.addressList(LIST).some((e) => e.address === '10.20.0.44')).toBe(false);
    expect(fake.addressList(LIST)).toHaveLength(before);
  });

  it('removes every duplicate of an address', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    fake.addAddressListEntry({ list: LIST, address: '10.20.0.50', comment: 'importado' });
    fake.addAddressListEntry({ list: LIST, address: '10.20.0.50', comment: 'importado otra vez' });
    fake.addAddressListEntry({ list: 'otra-lista', address: '10.20.0.50' });
    expect(await client.addressList.removeAddress(LIST, '10.20.0.50')).toBe(2);
    expect(fake.addressList(LIST).some((e) => e.address === '10.20.0.50')).toBe(false);
    expect(fake.addressList('otra-lista')).toHaveLength(1);
  });

  it('disables a PPP secret and removes its active session (checked on the router)', async () => {
    const fake = await fakeRouter({ redialAfterMs: 30 });
    const client = clientFor(fake);
    const secret = await client.pppSecrets.find('cli0005');
    expect(secret).toMatchObject({ name: 'cli0005', disabled: false, service: 'pppoe', comment: 'contrato 5' });
    expect(JSON.stringify(secret)).not.toContain('pw-cli0005');
    const sessions = await client.pppActive.list('cli0005');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.address).toBe(fake.activeSessions('cli0005')[0]!.address);
    expect(sessions[0]!.uptimeSeconds).toBeGreaterThan(0);

    await client.pppSecrets.setDisabled(secret!.id, true);
    await client.pppActive.remove(sessions[0]!.id);
    expect(fake.secret('cli0005')!.disabled).toBe(true);
    expect(fake.activeSessions('cli0005')).toEqual([]);
    expect((await client.pppSecrets.find('cli0005'))!.disabled).toBe(true);
    // The CPE keeps dialing and is refused while the secret is disabled (several redial periods pass).
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(fake.activeSessions('cli0005')).toEqual([]);

    // With the secret enabled again the CPE redials: a new session with a new id.
    await client.pppSecrets.setDisabled(secret!.id, false);
    expect(fake.secret('cli0005')!.disabled).toBe(false);
    await vi.waitFor(() => expect(fake.activeSessions('cli0005')).toHaveLength(1), { timeout: 5_000 });
    expect(fake.activeSessions('cli0005')[0]!.id).not.toBe(sessions[0]!.id);
  });

  it('a removed session whose secret is still enabled comes back (why Cortar must disable the secret)', async () => {
    const fake = await fakeRouter({ redialAfterMs: 30 });
    const client = clientFor(fake);
    const [session] = await client.pppActive.list('cli0002');
    await client.pppActive.remove(session!.id);
    expect(fake.activeSessions('cli0002')).toEqual([]);
    await vi.waitFor(() => expect(fake.activeSessions('cli0002')).toHaveLength(1), { timeout: 5_000 });
  });

  it('lists interfaces with 64-bit counters that move, and reads the live rate', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    const first = await client.interfaces.list();
    expect(first.filter((i) => i.type !== 'pppoe-in').map((i) => i.name)).toEqual([
      'ether1',
      'ether2',
      'bridge-clientes',
    ]);
    const ether1 = first[0]!;
    expect(ether1).toMatchObject({ type: 'ether', running: true, disabled: false });
    expect(ether1.rxByte).toBeGreaterThanOrEqual(9_876_543_210_000n);
    await vi.waitFor(async () => {
      const later = (await client.interfaces.list())[0]!;
      expect(later.rxByte).toBeGreaterThan(ether1.rxByte);
    });

    const traffic = await client.interfaces.traffic('ether1');
    expect(traffic.name).toBe('ether1');
    expect(traffic.rxBitsPerSecond).toBeGreaterThan(0);
    expect(traffic.txBitsPerSecond).toBeGreaterThan(0);
    fake.setInterfaceRate('ether2', 0, 0);
    expect(await client.interfaces.traffic('ether2')).toMatchObject({ rxBitsPerSecond: 0, txBitsPerSecond: 0 });
    expect(fake.commandLog.at(-1)!.words).toEqual(['/interface/monitor-traffic', '=interface=ether2', '=once=']);
  });

  it('lists DHCP leases', async () => {
    const fake = await fakeRouter();
    const leases = await clientFor(fake).dhcpLeases.list();
    expect(leases).toHaveLength(20);
    expect(leases[0]).toMatchObject({
      address: fake.snapshot().leases[0]!.address,
      macAddress: fake.snapshot().leases[0]!.macAddress,
      status: 'bound',
      dynamic: true,
      server: 'radios',
    });
  });

  it('works with every reply split into 1-byte writes and with words needing 2- and 3-byte prefixes', async () => {
    const fake = await fakeRouter();
    // Some 17,000 one-byte writes: the default 10 s per command is a bound a busy machine can pass, so this
    // test catches a hang with vitest's limit instead.
    const client = clientFor(fake, { commandTimeoutMs: 120_000 });
    fake.splitReplies(1);
    const long = `contrato 42 ${'ñ'.repeat(200)}`;
    const huge = `contrato 43 ${'x'.repeat(0x4000)}`;
    await client.addressList.add(LIST, '10.20.9.1', long);
    await client.addressList.add(LIST, '10.20.9.2', huge);
    expect(fake.addressList(LIST).find((e) => e.address === '10.20.9.1')!.comment).toBe(long);
    const listed = await client.addressList.list(LIST);
    expect(listed.find((e) => e.address === '10.20.9.1')!.comment).toBe(long);
    expect(listed.find((e) => e.address === '10.20.9.2')!.comment).toBe(huge);
    expect(await client.dhcpLeases.list()).toHaveLength(20);
  });

  it('runs any other command through command()', async () => {
    const fake = await fakeRouter();
    const reply = await clientFor(fake).command([
      '/interface/print',
      '=.proplist=name',
      '?type=ether',
      '?type=bridge',
      '?#|',
    ]);
    expect(reply.rows.map((r) => r.name)).toEqual(['ether1', 'ether2', 'bridge-clientes']);
  });

  it('refuses ids that are not RouterOS ids before sending anything', async () => {
    const fake = await fakeRouter();
    const client = clientFor(fake);
    await expect(client.addressList.remove('*1=x')).rejects.toThrow(TypeError);
    await expect(client.pppSecrets.setDisabled('cli0001', true)).rejects.toThrow(TypeError);
    expect(fake.commandLog).toHaveLength(0);
  });
});
