import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterOsConnection } from '../../../integrations/routeros/connection';
import { RouterOsTrapError } from '../../../integrations/routeros/errors';
import { type FakeRouterOs, buildDemoRouterSeed, rowMatchesQueries, startFakeRouterOs } from './fake-server';
import { SentenceDecoder, encodeSentence } from '../../../integrations/routeros/protocol';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(opts: Parameters<typeof startFakeRouterOs>[0] = {}): Promise<FakeRouterOs> {
  const fake = await startFakeRouterOs(opts);
  cleanups.push(() => fake.stop());
  return fake;
}

async function login(fake: FakeRouterOs): Promise<RouterOsConnection> {
  const conn = await RouterOsConnection.connect({
    host: fake.host,
    port: fake.port,
    username: 'admin',
    password: 'admin',
  });
  cleanups.push(() => conn.close());
  return conn;
}

/** Raw socket: send sentences exactly as given, collect every sentence until the socket closes or `until` matches. */
async function raw(
  fake: FakeRouterOs,
  sentences: string[][],
  until: (got: string[][]) => boolean,
): Promise<{ got: string[][]; closed: boolean }> {
  const socket = net.connect(fake.port, fake.host);
  cleanups.push(() => socket.destroy());
  const decoder = new SentenceDecoder();
  const got: string[][] = [];
  return new Promise((resolve) => {
    let closed = false;
    socket.on('data', (c) => {
      got.push(...decoder.push(c));
      if (until(got)) resolve({ got, closed });
    });
    socket.on('close', () => {
      closed = true;
      resolve({ got, closed });
    });
    for (const s of sentences) socket.write(encodeSentence(s));
  });
}

describe('query evaluation', () => {
  const rows: Record<string, string>[] = [
    { name: 'ether1', type: 'ether', comment: 'wan', distance: '1', gateway: '172.16.1.1' },
    { name: 'vlan10', type: 'vlan', distance: '2', gateway: '172.16.1.1' },
    { name: 'br0', type: 'bridge', distance: '3', gateway: '10.0.0.1' },
  ];
  const names = (queries: string[]) => rows.filter((r) => rowMatchesQueries(r, queries)).map((r) => r.name);

  it('supports equality, presence, absence and comparisons', () => {
    expect(names(['?type=ether'])).toEqual(['ether1']);
    expect(names(['?=type=vlan'])).toEqual(['vlan10']);
    expect(names(['?comment'])).toEqual(['ether1']);
    expect(names(['?-comment'])).toEqual(['vlan10', 'br0']);
    expect(names(['?>comment='])).toEqual(['ether1']);
    expect(names(['?<distance=3'])).toEqual(['ether1', 'vlan10']);
    expect(names(['?type=ether', '?distance=1'])).toEqual(['ether1']);
  });

  it('supports the ?# stack operations of the API examples', () => {
    expect(names(['?type=ether', '?type=vlan', '?#|'])).toEqual(['ether1', 'vlan10']);
    expect(names(['?>distance=1', '?gateway=172.16.1.1', '?#&!'])).toEqual(['ether1', 'br0']);
    expect(names(['?type=bridge', '?#!'])).toEqual(['ether1', 'vlan10']);
    // "0" at the end of the word replaces the stack with the top value.
    expect(names(['?type=ether', '?type=vlan', '?#0'])).toEqual(['vlan10']);
  });
});

describe('fake router on the wire', () => {
  it('refuses commands before login and closes on /quit with !fatal', async () => {
    const fake = await start();
    const { got, closed } = await raw(
      fake,
      [
        ['/system/identity/print', '.tag=a'],
        ['/login', '=name=admin', '=password=admin', '.tag=b'],
        ['/quit', '.tag=c'],
      ],
      () => false,
    );
    expect(got).toEqual([
      ['!trap', '=message=not logged in', '.tag=a'],
      ['!done', '.tag=a'],
      ['!done', '.tag=b'],
      ['!fatal', 'session terminated on request'],
    ]);
    expect(closed).toBe(true);
  });

  it('answers untagged commands without a tag, !empty only when emulating >= 7.18, and =ret= after add', async () => {
    const fake = await start({ version: '7.18.2' });
    const login = ['/login', '=name=admin', '=password=admin'];
    const print = ['/ip/firewall/address-list/print', '?list=x'];
    const add = ['/ip/firewall/address-list/add', '=list=x', '=address=10.0.0.9'];
    let r = await raw(fake, [login, print, add], (g) => g.length >= 4);
    expect(r.got).toEqual([['!done'], ['!empty'], ['!done'], ['!done', '=ret=*1']]);

    fake.version = '6.49.17';
    r = await raw(fake, [login, ['/ip/firewall/address-list/print', '?list=y']], (g) => g.length >= 2);
    expect(r.got).toEqual([['!done'], ['!done']]);
  });

  it('prints with .proplist, in the order asked, omitting unset properties', async () => {
    const fake = await start({ seed: { addressLists: [{ list: 'l', address: '10.0.0.1' }], interfaces: [] } });
    const conn = await login(fake);
    const r = await conn.command(['/ip/firewall/address-list/print', '=.proplist=address,comment,.id,list']);
    expect(r.rows).toEqual([{ address: '10.0.0.1', '.id': '*1', list: 'l' }]);
    expect(Object.keys(r.rows[0]!)).toEqual(['address', '.id', 'list']);
  });

  it('sets, adds and removes with RouterOS semantics and traps', async () => {
    const fake = await start({ seed: { secrets: [{ name: 'cli1', password: 'p' }] } });
    const conn = await login(fake);
    const id = fake.secret('cli1')!.id;
    await conn.command(['/ppp/secret/set', `=.id=${id}`, '=disabled=yes', '=comment=moroso']);
    expect(fake.secret('cli1')).toMatchObject({ disabled: true, comment: 'moroso' });
    const shown = await conn.command(['/ppp/secret/print', '?disabled=yes']);
    expect(shown.rows.map((r) => r.name)).toEqual(['cli1']);
    expect(shown.rows[0]!.password).toBeUndefined();

    const dup = conn.command(['/ppp/secret/add', '=name=cli1', '=password=x']);
    await expect(dup).rejects.toMatchObject({ routerMessage: 'failure: secret with the same name already exists' });
    const added = await conn.command(['/ppp/secret/add', '=name=cli2', '=password=x', '=service=pppoe']);
    expect(fake.secret('cli2')).toMatchObject({ id: added.done.ret, password: 'x', disabled: false });

    await expect(conn.command(['/ppp/secret/set', '=.id=*99', '=disabled=no'])).rejects.toBeInstanceOf(
      RouterOsTrapError,
    );
    await conn.command(['/ppp/secret/remove', `=.id=${id},${added.done.ret}`]);
    expect(fake.snapshot().secrets).toEqual([]);

    await expect(conn.command(['/ppp/active/add', '=name=x'])).rejects.toMatchObject({
      routerMessage: 'no such command',
      category: 0,
    });
  });

  it('refuses duplicate address-list entries, comparing addresses normalised', async () => {
    const fake = await start({ seed: { addressLists: [{ list: 'l', address: '10.0.0.1' }] } });
    const conn = await login(fake);
    await expect(
      conn.command(['/ip/firewall/address-list/add', '=list=l', '=address=10.0.0.1/32']),
    ).rejects.toMatchObject({
      routerMessage: 'failure: already have such entry',
    });
    await conn.command(['/ip/firewall/address-list/add', '=list=otra', '=address=10.0.0.1']);
    expect(fake.snapshot().addressLists).toHaveLength(2);
  });

  it('answers a trap hook instead of running the command', async () => {
    const fake = await start({ seed: { addressLists: [] } });
    const conn = await login(fake);
    fake.trapOn('/ip/firewall/address-list/add', 'not enough permissions (9)', 4, { once: true });
    await expect(conn.command(['/ip/firewall/address-list/add', '=list=l', '=address=10.0.0.2'])).rejects.toMatchObject(
      {
        routerMessage: 'not enough permissions (9)',
        category: 4,
      },
    );
    expect(fake.addressList('l')).toEqual([]);
    await conn.command(['/ip/firewall/address-list/add', '=list=l', '=address=10.0.0.2']);
    expect(fake.addressList('l')).toHaveLength(1);
  });

  it('resets interface counters', async () => {
    const fake = await start();
    const conn = await login(fake);
    // The rate stops first: a reset followed by a rate change would count the bytes of the milliseconds between them.
    fake.setInterfaceRate('ether1', 0, 0);
    fake.resetCounters('ether1');
    const r = await conn.command(['/interface/print', '?name=ether1', '=.proplist=rx-byte,tx-byte']);
    expect(r.rows).toEqual([{ 'rx-byte': '0', 'tx-byte': '0' }]);
  });
});

describe('demo seed', () => {
  it('builds a deterministic router with online, offline and suspended customers', () => {
    const a = buildDemoRouterSeed({ customers: 100, subnet: 21 });
    expect(buildDemoRouterSeed({ customers: 100, subnet: 21 })).toEqual(a);
    expect(a.secrets).toHaveLength(100);
    expect(a.leases).toHaveLength(100);
    const suspended = a.secrets!.filter((s) => s.disabled).map((s) => s.name);
    expect(suspended).toHaveLength(5);
    expect(a.addressLists!.map((e) => e.comment)).toEqual(suspended.map((n) => `contrato ${Number(n.slice(3))}`));
    for (const name of suspended) expect(a.active!.some((s) => s.name === name)).toBe(false);
    expect(new Set(a.active!.map((s) => s.address)).size).toBe(a.active!.length);
  });

  it('starts a fake with the seed', async () => {
    const fake = await start({ seed: buildDemoRouterSeed({ customers: 300 }) });
    const snap = fake.snapshot();
    expect(snap.secrets).toHaveLength(300);
    // Each PPP session brings its own `<pppoe-NAME>` interface and, with a rate-limit, its dynamic queue.
    const sessions = snap.interfaces.filter((i) => i.type === 'pppoe-in');
    expect(snap.interfaces.filter((i) => i.type !== 'pppoe-in').map((i) => i.name)).toEqual([
      'ether1',
      'ether2',
      'bridge-clientes',
    ]);
    expect(snap.active.length).toBeGreaterThan(200);
    expect(sessions.map((i) => i.name).sort()).toEqual(snap.active.map((a) => `<pppoe-${a.name}>`).sort());
    expect(snap.queues.filter((q) => q.dynamic)).toHaveLength(snap.active.length);
  });
});
