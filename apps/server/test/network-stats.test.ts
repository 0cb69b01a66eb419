import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAirosServer, type FakeAirosServer } from '../src/demo/fakes/airos/fake-server';
import { startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import {
  devices,
  jobs as jobRuns,
  jobSchedules,
  radioCurrent,
  radioSamples,
  routerCurrent,
  routers,
  routerSamples,
  sites,
} from '../src/db/schema';
import { NetworkPoller } from '../src/modules/network-stats/network-poller';
import { NetworkStatsRepository } from '../src/modules/network-stats/network-stats.repository';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let airos: FakeAirosServer;
let router: FakeRouterOs;
let clock = new Date('2026-11-24T15:00:30Z');
const tokens: Record<number, string> = {};
const ids = { site: 0, ok: 0, own: 0, html: 0, hang: 0, wrong: 0, noIp: 0, router: 0, deadRouter: 0 };
const MAC_OK = '68:D7:9A:00:00:01';

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

const silent = { warn: () => {}, info: () => {}, error: () => {} } as never;

let poller: NetworkPoller;
const samplesOf = (deviceId: number) =>
  t.database.db
    .select()
    .from(radioSamples)
    .where(and(eq(radioSamples.deviceId, deviceId), eq(radioSamples.interval, 'minute')));
const currentOf = async (deviceId: number) =>
  (await t.database.db.select().from(radioCurrent).where(eq(radioCurrent.deviceId, deviceId)))[0];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  for (const level of [5, 10, 20]) {
    const email = { 5: 'soporte@test.mx', 10: 'usuario@test.mx', 20: 'admin@test.mx' }[level]!;
    tokens[level] = (await t.login(email)).token;
  }
  airos = await startFakeAirosServer({
    radios: [
      { id: 'ok', family: 8, macs: { eth0: '68-d7-9a-00-00-01', ath0: '68:D7:9A:00:00:02' }, signal: -60 },
      { id: 'own', family: 6, username: 'tecnico', password: 'propia', signal: -76 },
      { id: 'html', family: 8 },
      { id: 'hang', family: 8 },
      { id: 'wrong', family: 8, password: 'otra' },
    ],
  });
  airos.radio('html').behaviour = 'html';
  airos.radio('hang').behaviour = 'hang';
  router = await startFakeRouterOs({
    users: [{ name: 'airlink', password: 'clave-router' }],
    seed: {
      interfaces: [{ name: 'ether1', rxBitsPerSecond: 50_000_000, txBitsPerSecond: 10_000_000 }],
      active: [
        { name: 'cli0001', address: '10.21.0.2', callerId: '68:d7:9a:00:00:01' },
        { name: 'cli0002', address: '10.21.0.3', callerId: '68:D7:9A:00:00:09' },
      ],
    },
  });
  const db = t.database.db;
  const seal = (s: string) => t.app.ctx.secrets.seal(s);
  const [site] = await db
    .insert(sites)
    .values({ nombre: 'Torre Norte', username: 'ubnt', passwordEnc: seal('ubnt') })
    .returning();
  ids.site = site!.id;
  const radio = async (hwaddr: string, values: Partial<typeof devices.$inferInsert>) => {
    const [row] = await db
      .insert(devices)
      .values({ hwaddr, siteid: ids.site, ...values })
      .returning({ id: devices.id });
    return row!.id;
  };
  ids.ok = await radio(MAC_OK, { url: airos.urlOf('ok') });
  ids.own = await radio('68:D7:9A:00:00:03', {
    url: airos.urlOf('own'),
    username: 'tecnico',
    passwordEnc: seal('propia'),
  });
  ids.html = await radio('68:D7:9A:00:00:04', { url: airos.urlOf('html') });
  ids.hang = await radio('68:D7:9A:00:00:05', { url: airos.urlOf('hang') });
  ids.wrong = await radio('68:D7:9A:00:00:06', { url: airos.urlOf('wrong') });
  ids.noIp = await radio('68:D7:9A:00:00:07', {});
  const [r] = await db
    .insert(routers)
    .values({
      host: '127.0.0.1',
      port: router.port,
      username: 'airlink',
      passwordEnc: seal('clave-router'),
      hostname: 'torre-norte',
      siteId: ids.site,
      trafficInterface: 'ether1',
    })
    .returning();
  ids.router = r!.id;
  const [dead] = await db
    .insert(routers)
    .values({ host: '127.0.0.1', port: 1, username: 'x', passwordEnc: seal('x'), hostname: 'caido' })
    .returning();
  ids.deadRouter = dead!.id;
  poller = new NetworkPoller(new NetworkStatsRepository(db), t.app.ctx.secrets, silent, () => clock, {
    // Short enough for the hanging radio, long enough for TLS and a login on a loaded machine.
    radioRequestTimeoutMs: 2500,
    radioTimeoutMs: 5000,
    routerTimeoutMs: 5000,
  });
});

afterAll(async () => {
  poller?.close();
  await t?.close();
  await airos?.stop();
  await router?.stop();
});

describe('the poller against the fakes', () => {
  it('reads every radio and router, records each failure in Spanish, and still polls the others', async () => {
    const summary = await poller.pollAll();
    expect(summary).toMatchObject({ radios: 6, radiosOk: 2, routers: 2, routersOk: 1 });

    const ok = await currentOf(ids.ok);
    expect(ok).toMatchObject({ lastError: null, failures: 0, essid: expect.any(String) });
    expect(ok?.signal).toBeLessThan(0);
    expect(ok?.readAt?.toISOString()).toBe(clock.toISOString());
    expect((await currentOf(ids.own))?.lastError).toBeNull();

    expect((await currentOf(ids.html))?.lastError).toBe('El radio respondió una página HTML en lugar de datos JSON');
    expect((await currentOf(ids.wrong))?.lastError).toBe('Usuario o contraseña incorrectos en el radio');
    expect((await currentOf(ids.hang))?.lastError).toMatch(/^El radio no (respondió|terminó de responder) en/);
    expect((await currentOf(ids.noIp))?.lastError).toBe('El radio no tiene dirección de administración (URL o IP)');
    expect((await currentOf(ids.html))?.readAt).toBeNull();

    // The device's last-seen moves only for radios that answered.
    const rows = await t.database.db.select({ id: devices.id, lastSeen: devices.lastSeen }).from(devices);
    const seen = Object.fromEntries(rows.map((r) => [r.id, r.lastSeen?.toISOString() ?? null]));
    expect(seen[ids.ok]).toBe(clock.toISOString());
    expect(seen[ids.html]).toBeNull();

    // A first reading has no byte delta yet (no previous counter), but it is a minute sample.
    const [first] = await samplesOf(ids.ok);
    expect(first).toMatchObject({ bucket: new Date('2026-11-24T15:00:00Z'), lanRxBytes: null, samples: 1 });

    const [traffic] = await t.database.db.select().from(routerCurrent).where(eq(routerCurrent.routerId, ids.router));
    expect(traffic).toMatchObject({ lastError: null, interfaceName: 'ether1', pppoeSessions: 2 });
    expect(traffic!.rxBitsPerSecond).toBeGreaterThan(30_000_000);
    const [dead] = await t.database.db.select().from(routerCurrent).where(eq(routerCurrent.routerId, ids.deadRouter));
    expect(dead?.lastError).toMatch(/router/i);
    expect(dead?.readAt).toBeNull();
    const routerRows = await t.database.db.select().from(routerSamples).where(eq(routerSamples.routerId, ids.router));
    expect(routerRows).toHaveLength(1);
  });

  it('stores byte deltas per minute, and counts from 0 after the radio rebooted', async () => {
    clock = new Date('2026-11-24T15:01:30Z');
    await new Promise((r) => setTimeout(r, 1100)); // the fake's counters move with its clock
    await poller.pollAll();
    const second = (await samplesOf(ids.ok)).find((s) => s.bucket.toISOString() === '2026-11-24T15:01:00.000Z');
    expect(second?.lanRxBytes).toBeGreaterThan(0);
    const before = (await currentOf(ids.ok))!.lanRxCounter!;

    airos.radio('ok').reboot();
    clock = new Date('2026-11-24T15:02:30Z');
    await new Promise((r) => setTimeout(r, 1100));
    await poller.pollAll();
    const after = await currentOf(ids.ok);
    expect(after!.lanRxCounter!).toBeLessThan(before);
    const third = (await samplesOf(ids.ok)).find((s) => s.bucket.toISOString() === '2026-11-24T15:02:00.000Z');
    // After a reboot the counter itself is the bytes of the minute, never a negative difference.
    expect(third?.lanRxBytes).toBe(after!.lanRxCounter);
    // A radio that failed before and answers now has its failure cleared.
    airos.radio('html').behaviour = 'normal';
    await poller.pollAll();
    expect(await currentOf(ids.html)).toMatchObject({ lastError: null, failures: 0 });
  });
});

describe('counters that go down', () => {
  it('drops the bytes of a minute whose counter went down without a reboot (a reset or a wrap), never negative', async () => {
    const before = (await currentOf(ids.ok))!;
    // As if the last reading had seen far bigger counters: now they are lower, but the uptime went on.
    await t.database.db
      .update(radioCurrent)
      .set({ lanRxCounter: before.lanRxCounter! + 10_000_000_000, lanTxCounter: before.lanTxCounter! + 10_000_000_000 })
      .where(eq(radioCurrent.deviceId, ids.ok));
    clock = new Date('2026-11-24T15:03:30Z');
    await poller.pollAll();
    const minute = (await samplesOf(ids.ok)).find((s) => s.bucket.toISOString() === '2026-11-24T15:03:00.000Z');
    expect(minute).toMatchObject({ lanRxBytes: null, lanTxBytes: null });
    expect(minute!.signal).toBeLessThan(0); // the gauges of the minute are kept
    // The new counter is the baseline of the next delta.
    expect((await currentOf(ids.ok))!.lanRxCounter!).toBeLessThan(before.lanRxCounter! + 10_000_000_000);
  });
});

describe("'Sondear ahora'", () => {
  it('answers within 10 s even when the poll deadlines are longer', async () => {
    const patient = new NetworkPoller(
      new NetworkStatsRepository(t.database.db),
      t.app.ctx.secrets,
      silent,
      () => clock,
      {
        radioRequestTimeoutMs: 30_000,
        radioTimeoutMs: 60_000,
      },
    );
    const started = Date.now();
    const outcome = await patient.pollRadio(ids.hang);
    patient.close();
    // Well under the 30 s and 60 s deadlines it was given: the 10 s cap ended it (room for a busy machine).
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(outcome).toEqual({ ok: false, reason: 'El radio no terminó de responder en 10 s' });
  }, 60_000);
});

describe('the spec calls', () => {
  const get = (url: string, level = 10) => t.app.inject({ method: 'GET', url, headers: t.auth(tokens[level]!) });

  it('GET /api/site/{siteId}/{deviceId} answers the current stats', async () => {
    const res = await get(`/api/site/${ids.site}/${ids.ok}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['id', 'ccq', 'wlanRxRate', 'wlanTxRate', 'lanSpeed', 'essid', 'signal']),
    );
    expect(body).toMatchObject({ id: ids.ok, lanSpeed: 36, lastError: null });
    const failed = (await get(`/api/site/${ids.site}/${ids.wrong}`)).json();
    expect(failed).toMatchObject({ signal: null, lastError: 'Usuario o contraseña incorrectos en el radio' });
    expect((await get(`/api/site/${ids.site + 100}/${ids.ok}`)).statusCode).toBe(404);
  });

  it('GET /api/site/{siteId}/{deviceId} says what the radio says of itself: hostname, model and firmware', async () => {
    expect((await get(`/api/site/${ids.site}/${ids.ok}`)).json()).toMatchObject({
      hostname: 'CPE-ok',
      model: 'LiteBeam 5AC',
      firmware: 'v8.7.17',
    });
    expect((await get(`/api/site/${ids.site}/${ids.own}`)).json()).toMatchObject({
      hostname: 'CPE-own',
      model: 'NanoStation loco M5',
      firmware: 'v6.3.16',
    });
    // Never read: nothing to say.
    expect((await get(`/api/site/${ids.site}/${ids.wrong}`)).json()).toMatchObject({
      hostname: null,
      model: null,
      firmware: null,
    });
  });

  it('GET the series as TSV: header, one line per bucket oldest first, empty where there is no data', async () => {
    clock = new Date('2026-11-24T15:04:10Z');
    const res = await get(`/api/site/${ids.site}/68d7.9a00.0001/lanRxBytes/minute/6`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/tab-separated-values/);
    expect(res.body.endsWith('\n')).toBe(true);
    const lines = res.body.slice(0, -1).split('\n');
    expect(lines[0]).toBe('time\tvalue');
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual([
      '2026-11-24T08:59:00-06:00',
      '2026-11-24T09:00:00-06:00',
      '2026-11-24T09:01:00-06:00',
      '2026-11-24T09:02:00-06:00',
      '2026-11-24T09:03:00-06:00',
      '2026-11-24T09:04:00-06:00',
    ]);
    const values = lines.slice(1).map((l) => l.split('\t')[1]);
    expect(values[0]).toBe(''); // before the first poll
    expect(values[1]).toBe(''); // the first reading has no delta
    expect(Number(values[2])).toBeGreaterThan(0);
    expect(values[5]).toBe('');
    // The radio also answers to the MACs of its other interfaces (here its wireless one).
    const byWlan = await get(`/api/site/${ids.site}/68:d7:9a:00:00:02/lanRxBytes/minute/6`);
    expect(byWlan.statusCode).toBe(200);
    expect(byWlan.body).toBe(res.body);
    const signal = await get(`/api/site/${ids.site}/${MAC_OK}/signal/minute/3`);
    expect(signal.body.split('\n')[1]).toMatch(/^2026-11-24T09:02:00-06:00\t-\d+/);
  });

  it('refuses a bad metric, interval, count or MAC with a Spanish 400, and an unknown radio with 404', async () => {
    const bad = [
      [`/api/site/${ids.site}/${MAC_OK}/temperatura/minute/60`, /Métrica inválida/],
      [`/api/site/${ids.site}/${MAC_OK}/ccq/mes/60`, /Intervalo inválido/],
      [`/api/site/${ids.site}/${MAC_OK}/ccq/hour/61`, /de 1 a 60/],
      [`/api/site/${ids.site}/${MAC_OK}/ccq/hour/0`, /de 1 a 60/],
      [`/api/site/${ids.site}/zz:zz/ccq/hour/60`, /MAC inválida/],
    ] as const;
    for (const [url, message] of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toMatch(message);
    }
    expect((await get(`/api/site/${ids.site}/AA:BB:CC:DD:EE:FF/ccq/hour/60`)).statusCode).toBe(404);
  });

  it('answers the routers: monitor-traffic, pppoe-clients and getClientsIPs (in data)', async () => {
    const traffic = (await get('/api/routercontrol/monitor-traffic')).json();
    const live = traffic.find((x: { router: number }) => x.router === ids.router);
    expect(live).toMatchObject({
      name: 'torre-norte',
      hostLocation: 'Torre Norte',
      totalConnections: 2,
      status: 'online',
      dateLastUpdate: expect.any(String),
    });
    expect(live.rxBitsPerSecond).toBeGreaterThan(0);
    expect(traffic.find((x: { router: number }) => x.router === ids.deadRouter)).toMatchObject({
      status: 'offline',
      dateLastUpdate: null,
    });
    const clients = (await get(`/api/RouterControl/${ids.router}/pppoe-clients`)).json();
    expect(clients.data.map((c: { name: string }) => c.name).sort()).toEqual(['cli0001', 'cli0002']);
    const ips = (await get(`/api/RouterControl/${ids.router}/getClientsIPs`)).json();
    expect(ips.data).toContainEqual({ ip: '10.21.0.2', usuarioPppoe: 'cli0001', mac: '68:D7:9A:00:00:01' });
    expect((await get(`/api/RouterControl/9999/getClientsIPs`)).statusCode).toBe(404);
  });

  it('GET /api/routercontrol/monitor-traffic/{routerId}: the bandwidth series of a window, in Mbps too', async () => {
    const res = await get(`/api/routercontrol/monitor-traffic/${ids.router}?window=5m`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ router: ids.router, window: '5m', interval: 'minute' });
    expect(body.points.map((p: { time: string }) => p.time)).toEqual([
      '2026-11-24T09:00:00-06:00',
      '2026-11-24T09:01:00-06:00',
      '2026-11-24T09:02:00-06:00',
      '2026-11-24T09:03:00-06:00',
      '2026-11-24T09:04:00-06:00',
    ]);
    const first = body.points[0];
    expect(first.rxBitsPerSecond).toBeGreaterThan(0);
    expect(first.rxMbps).toBeCloseTo(first.rxBitsPerSecond / 1024 / 1024, 9);
    expect(first.pppoeSessions).toBe(2);
    expect(body.points[4]).toMatchObject({ rxBitsPerSecond: null, rxMbps: null });
    expect((await get(`/api/routercontrol/monitor-traffic/${ids.router}`)).json().points).toHaveLength(60);
    const bad = await get(`/api/routercontrol/monitor-traffic/${ids.router}?window=3h`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Ventana inválida/);
    expect((await get('/api/routercontrol/monitor-traffic/9999')).statusCode).toBe(404);
  });

  it('POST /api/devices/{id}/poll reads the radio now: its stats, or the Spanish reason', async () => {
    const post = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/devices/${id}/poll`, headers: t.auth(tokens[10]!) });
    clock = new Date('2026-11-24T15:05:30Z');
    const ok = await post(ids.ok);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, stats: { id: ids.ok, lastStatsTime: clock.toISOString() } });
    const wrong = await post(ids.wrong);
    expect(wrong.json()).toEqual({
      ok: false,
      error: 'poll_failed',
      message: 'Usuario o contraseña incorrectos en el radio',
    });
    expect((await post(99999)).statusCode).toBe(404);
  });
});

describe('a radio or router that stops answering', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(tokens[10]!) });

  it('keeps its last reading and says when it was last seen; the current bucket stays empty', async () => {
    const seenAt = (await get(`/api/site/${ids.site}/${ids.ok}`)).json().lastStatsTime as string;
    const seenRouter = (await get('/api/routercontrol/monitor-traffic'))
      .json()
      .find((x: { router: number }) => x.router === ids.router).dateLastUpdate as string;
    const before = (await get(`/api/site/${ids.site}/${ids.ok}`)).json();
    airos.radio('ok').behaviour = 'html';
    router.fatalOn(undefined, 'router apagado');
    try {
      clock = new Date('2026-11-24T15:07:30Z');
      await poller.pollAll();
    } finally {
      airos.radio('ok').behaviour = 'normal';
      router.clearHooks();
    }
    const now = (await get(`/api/site/${ids.site}/${ids.ok}`)).json();
    expect(now).toMatchObject({
      lastStatsTime: seenAt,
      lastPollAt: clock.toISOString(),
      lastError: 'El radio respondió una página HTML en lugar de datos JSON',
      signal: before.signal,
      ccq: before.ccq,
    });
    expect(seenAt < clock.toISOString()).toBe(true);
    // The minute of the failed poll has no value (an empty line, not the old reading repeated).
    const tsv = (await get(`/api/site/${ids.site}/${MAC_OK}/signal/minute/2`)).body.slice(0, -1).split('\n');
    expect(tsv[2]).toBe('2026-11-24T09:07:00-06:00\t');

    const traffic = (await get('/api/routercontrol/monitor-traffic'))
      .json()
      .find((x: { router: number }) => x.router === ids.router);
    expect(traffic).toMatchObject({ status: 'offline', dateLastUpdate: seenRouter, lastError: expect.any(String) });
  });
});

describe('scheduling', () => {
  it('schedules the poll every NETWORK_POLL_SECONDS, the rollup and the reconciliation every 5 minutes; a poll run reads the network', async () => {
    const jobs = t.app.ctx.jobs;
    await jobs.start();
    try {
      const schedules = await t.database.db.select().from(jobSchedules);
      expect(Object.fromEntries(schedules.map((x) => [x.name, x.everySeconds]))).toMatchObject({
        'network.poll': t.config.networkPollSeconds,
        'network.rollup': 300,
        'network.reconcile': 300,
      });
      clock = new Date('2026-11-24T15:06:30Z');
      await jobs.send('network.poll');
      await until(async () => {
        const [run] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'network.poll'));
        return run?.state === 'done';
      });
      expect((await currentOf(ids.own))?.readAt?.toISOString()).toBe(clock.toISOString());
    } finally {
      await jobs.stop();
    }
  });
});

describe('Dispositivos: worst radios first, online or offline', () => {
  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/devices?pageSize=100&${query}`,
      headers: t.auth(tokens[10]!),
    });
    expect(res.statusCode, query).toBe(200);
    return res.json().items as Array<{ id: number; signal: number | null; ccq: number | null; online: boolean }>;
  };

  it('sorts by signal, CCQ and last seen on the server, radios without a reading last either way', async () => {
    clock = new Date('2026-11-24T15:20:30Z');
    await poller.pollAll();
    const bySignal = await list('sort=signal&dir=asc');
    // 'own' answers about -76 dBm, 'ok' and 'html' (answering again) -46..-80 at most: the weakest first;
    // radios never read last.
    const read = [ids.ok, ids.own, ids.html].sort();
    const dbm = bySignal.slice(0, 3).map((d) => d.signal!);
    expect(
      bySignal
        .slice(0, 3)
        .map((d) => d.id)
        .sort(),
    ).toEqual(read);
    expect(dbm).toEqual([...dbm].sort((a, b) => a - b));
    expect(bySignal.slice(3).every((d) => d.signal === null)).toBe(true);
    const strongest = await list('sort=signal&dir=desc');
    expect(strongest.slice(0, 3).map((d) => d.signal)).toEqual([...dbm].reverse());
    expect(strongest.slice(3).every((d) => d.signal === null)).toBe(true);

    const byCcq = await list('sort=ccq&dir=asc');
    const ccq = byCcq.slice(0, 3).map((d) => d.ccq!);
    expect(ccq.every((c) => typeof c === 'number')).toBe(true);
    expect(ccq).toEqual([...ccq].sort((a, b) => a - b));
    expect(byCcq.slice(3).every((d) => d.ccq === null)).toBe(true);

    const bySeen = await list('sort=lastSeen&dir=desc');
    expect(
      bySeen
        .slice(0, 3)
        .map((d) => d.id)
        .sort(),
    ).toEqual(read);
    expect(bySeen.slice(3).every((d) => !d.online)).toBe(true);
  });

  it('says which radios are online (answered within their last 3 polls) and filters by it', async () => {
    const all = await list('sort=id');
    const online = all.filter((d) => d.online).map((d) => d.id);
    expect(online.sort()).toEqual([ids.ok, ids.own, ids.html].sort());
    expect((await list('status=online')).map((d) => d.id).sort()).toEqual(online);
    const offline = (await list('status=offline')).map((d) => d.id);
    expect(offline.sort()).toEqual([ids.hang, ids.wrong, ids.noIp].sort());

    // Three poll intervals (60 s each) without an answer: offline.
    clock = new Date('2026-11-24T15:23:31Z');
    expect((await list('sort=id')).every((d) => !d.online)).toBe(true);
    expect(await list('status=online')).toEqual([]);
  });
  it('refuses an unknown status or sort with a Spanish 400', async () => {
    for (const [query, message] of [
      ['status=caido', 'Estado inválido: use online u offline'],
      ['status=', 'Estado inválido: use online u offline'],
      ['sort=senal', 'No se puede ordenar por esa columna'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: t.auth(tokens[10]!) });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });
});

describe('levels on every network statistics route', () => {
  const routesTable = () =>
    [
      ['GET', `/api/site/${ids.site}/${ids.ok}`],
      ['GET', `/api/site/${ids.site}/${MAC_OK}/ccq/hour/60`],
      ['POST', `/api/devices/${ids.own}/poll`],
      ['GET', `/api/RouterControl/${ids.router}/pppoe-clients`],
      ['GET', `/api/RouterControl/${ids.router}/getClientsIPs`],
      ['GET', '/api/routercontrol/monitor-traffic'],
      ['GET', `/api/routercontrol/monitor-traffic/${ids.router}?window=24h`],
    ] as const;

  it('needs a session, refuses level 5, and serves level 10 and up', async () => {
    for (const [method, url] of routesTable()) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [level, status] of [
        [5, 403],
        [10, 200],
        [20, 200],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: t.auth(tokens[level]!) });
        expect(res.statusCode, `${method} ${url} at level ${level}`).toBe(status);
      }
    }
  });
});
