import { X509Certificate } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirosClient, type AirosClientOptions } from './client';
import { AirosError } from './errors';
import { startFakeAirosServer, type FakeAirosServer } from '../../demo/fakes/airos/fake-server';

let fake: FakeAirosServer;
const clients: AirosClient[] = [];

beforeAll(async () => {
  fake = await startFakeAirosServer({
    radios: [
      {
        id: 'ac',
        family: 8,
        hostname: 'Cliente Juárez',
        essid: 'AirLink-Tizayuca',
        signal: -61,
        uptime: 5_000,
        macs: { eth0: 'fc-ec-da-01-02-03', ath0: 'fe:ec:da:01:02:03' },
        lan: { plugged: true, speed: 1000, fullDuplex: true },
      },
      {
        id: 'm5',
        family: 6,
        hostname: 'Cliente Pachuca',
        essid: 'AirLink-Pachuca',
        signal: -70,
        uptime: 9_000,
        password: 'clave-m5',
        lan: { plugged: true, speed: 100, fullDuplex: false },
      },
      { id: 'strict', family: 8, requireCsrf: true },
      { id: 'v8-expire', family: 8 },
      { id: 'v6-expire', family: 6 },
      { id: 'reboot8', family: 8, uptime: 100_000 },
      { id: 'reboot6', family: 6, uptime: 100_000 },
      { id: 'html', family: 8 },
      { id: 'html-later', family: 6 },
      { id: 'malformed', family: 8 },
      { id: 'hang', family: 8 },
      { id: 'hang-later', family: 6 },
      { id: 'reset', family: 8 },
      { id: 'wrong8', family: 8, password: 'otra' },
      { id: 'wrong6', family: 6, password: 'otra' },
      { id: 'concurrent', family: 8 },
    ],
    count: 40,
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.stop();
});

function client(id: string, extra: Partial<AirosClientOptions> = {}): AirosClient {
  const c = new AirosClient({
    url: fake.urlOf(id),
    username: 'ubnt',
    password: id === 'm5' ? 'clave-m5' : 'ubnt',
    insecureTls: true,
    timeoutMs: 3_000,
    ...extra,
  });
  clients.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<AirosError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AirosError);
  return e as AirosError;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('airOS 8 through the client', () => {
  it('logs in with /api/auth and maps status.cgi to the stats shape', async () => {
    const c = client('ac');
    const s = await c.readStats();
    expect(c.firmwareFamily).toBe(8);
    expect(s).toMatchObject({
      family: 8,
      firmwareVersion: 'v8.7.17',
      hostname: 'Cliente Juárez',
      model: 'LiteBeam 5AC',
      essid: 'AirLink-Tizayuca',
      lanSpeed: 38,
      macs: { eth0: 'FC:EC:DA:01:02:03', wlan: 'FE:EC:DA:01:02:03', br0: 'FE:EC:DA:01:02:03' },
    });
    expect(s.signal).toBeGreaterThanOrEqual(-63);
    expect(s.signal).toBeLessThanOrEqual(-59);
    expect(s.ccq).toBeGreaterThan(0);
    expect(s.ccq).toBeLessThanOrEqual(100);
    expect(s.wlanRxRate).toBeGreaterThan(0);
    expect(s.wlanTxRate).toBeGreaterThan(0);
    expect(s.uptime).toBeGreaterThanOrEqual(5_000);
    expect(s.lanRxBytes).toBeGreaterThan(0);
    expect(s.lanTxBytes).toBeGreaterThan(0);
  });

  it('reuses one session for several reads, and the counters move', async () => {
    const c = client('ac');
    const before = fake.radio('ac').logins;
    const first = await c.readStats();
    await sleep(30);
    const second = await c.readStats();
    await c.readStats();
    expect(c.logins).toBe(1);
    expect(fake.radio('ac').logins - before).toBe(1);
    expect(second.lanTxBytes!).toBeGreaterThan(first.lanTxBytes!);
    expect(second.lanRxBytes!).toBeGreaterThan(first.lanRxBytes!);
  });

  it('sends the X-CSRF-ID header of its session (a radio that requires it answers)', async () => {
    const s = await client('strict').readStats();
    expect(s.family).toBe(8);
  });

  it('logs in again once when the radio expired the session (403)', async () => {
    const c = client('v8-expire');
    await c.readStats();
    fake.radio('v8-expire').expireSessions();
    const s = await c.readStats();
    expect(s.family).toBe(8);
    expect(c.logins).toBe(2);
    await c.readStats();
    expect(c.logins).toBe(2);
  });

  it('shares one login between concurrent first reads', async () => {
    const c = client('concurrent');
    await Promise.all([c.readStats(), c.readStats(), c.readStats()]);
    expect(c.logins).toBe(1);
    expect(fake.radio('concurrent').logins).toBe(1);
  });

  it('sees a reboot: uptime and counters go back down', async () => {
    const c = client('reboot8');
    const before = await c.readStats();
    fake.radio('reboot8').reboot();
    const after = await c.readStats();
    expect(before.uptime).toBeGreaterThanOrEqual(100_000);
    expect(after.uptime).toBeLessThan(5);
    expect(after.lanTxBytes!).toBeLessThan(before.lanTxBytes!);
    expect(after.lanRxBytes!).toBeLessThan(before.lanRxBytes!);
    expect(c.logins).toBe(2); // the reboot dropped the session
  });
});

describe('airOS 6 through the client', () => {
  it('detects airOS 6 (404 on /api/auth), logs in with login.cgi and maps status.cgi + iflist.cgi', async () => {
    const c = client('m5');
    const s = await c.readStats();
    expect(c.firmwareFamily).toBe(6);
    expect(s).toMatchObject({
      family: 6,
      firmwareVersion: 'v6.3.16',
      hostname: 'Cliente Pachuca',
      model: 'NanoStation loco M5',
      essid: 'AirLink-Pachuca',
      wirelessMode: 'sta',
      lanSpeed: 35,
    });
    expect(s.signal).toBeGreaterThanOrEqual(-72);
    expect(s.signal).toBeLessThanOrEqual(-68);
    expect(Number.isInteger(s.ccq! * 10)).toBe(true);
    expect(s.ccq).toBeGreaterThan(0);
    expect(s.ccq).toBeLessThanOrEqual(100);
    expect(s.wlanTxRate! % 1000).toBe(0);
    expect(s.wlanTxRate).toBeGreaterThanOrEqual(100_000);
    expect(s.lanRxBytes).toBeGreaterThan(0);
    expect(s.lanTxBytes).toBeGreaterThan(0);
    expect(s.macs.eth0).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
  });

  it('reuses the AIROS_SESSIONID session and the counters move', async () => {
    const c = client('m5', { family: 6 });
    const before = fake.radio('m5').logins;
    const first = await c.readStats();
    await sleep(30);
    const second = await c.readStats();
    expect(c.logins).toBe(1);
    expect(fake.radio('m5').logins - before).toBe(1);
    expect(second.lanTxBytes!).toBeGreaterThan(first.lanTxBytes!);
  });

  it('logs in again once when redirected to login.cgi after the session expired', async () => {
    const c = client('v6-expire');
    await c.readStats();
    fake.radio('v6-expire').expireSessions();
    await c.readStats();
    expect(c.logins).toBe(2);
    expect(fake.radio('v6-expire').logins).toBe(2);
  });

  it('sees a reboot on airOS 6 too', async () => {
    const c = client('reboot6');
    const before = await c.readStats();
    fake.radio('reboot6').reboot();
    const after = await c.readStats();
    expect(after.uptime).toBeLessThan(before.uptime);
    expect(after.lanRxBytes!).toBeLessThan(before.lanRxBytes!);
  });
});

describe('failures, each a typed error with a Spanish message', () => {
  it('wrong password on airOS 8', async () => {
    const e = await failure(client('wrong8').readStats());
    expect(e.code).toBe('airos_auth');
    expect(e.message).toBe('Usuario o contraseña incorrectos en el radio');
  });

  it('wrong password on airOS 6 (the login page again, "Invalid credentials.")', async () => {
    const e = await failure(client('wrong6').readStats());
    expect(e.code).toBe('airos_auth');
  });

  it('a password changed on the radio is reported when the session must be renewed', async () => {
    const c = client('v8-expire');
    await c.readStats();
    const radio = fake.radio('v8-expire');
    radio.password = 'nueva';
    radio.expireSessions();
    const e = await failure(c.readStats());
    expect(e.code).toBe('airos_auth');
    radio.password = 'ubnt';
  });

  it('HTML instead of JSON', async () => {
    fake.radio('html').behaviour = 'html';
    const e = await failure(client('html').readStats());
    expect(e.code).toBe('airos_html');
    expect(e.message).toBe('El radio respondió una página HTML en lugar de datos JSON');
  });

  it('HTML on a reused session: one new login, then the HTML error', async () => {
    const c = client('html-later');
    await c.readStats();
    fake.radio('html-later').behaviour = 'html';
    const e = await failure(c.readStats());
    expect(e.code).toBe('airos_html');
    expect(c.logins).toBe(2);
  });

  it('malformed JSON', async () => {
    fake.radio('malformed').behaviour = 'malformed';
    const e = await failure(client('malformed').readStats());
    expect(e.code).toBe('airos_malformed');
    expect(e.message).toBe('El radio respondió datos JSON mal formados');
  });

  it('a radio that does not answer gives a timeout', async () => {
    fake.radio('hang').behaviour = 'hang';
    const e = await failure(client('hang', { timeoutMs: 300 }).readStats());
    expect(e.code).toBe('airos_timeout');
    expect(e.message).toBe('El radio no respondió en 0.3 s');
  });

  it('a radio that stops answering between reads gives a timeout, not stale data', async () => {
    const c = client('hang-later', { timeoutMs: 300 });
    await c.readStats();
    fake.radio('hang-later').behaviour = 'hang';
    const e = await failure(c.readStats());
    expect(e.code).toBe('airos_timeout');
  });

  it('a connection closed without an answer', async () => {
    fake.radio('reset').behaviour = 'reset';
    const e = await failure(client('reset').readStats());
    expect(e.code).toBe('airos_unreachable');
  });

  it('an address where nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const e = await failure(client('ac', { url: `https://127.0.0.1:${port}/` }).readStats());
    expect(e.code).toBe('airos_unreachable');
    expect(e.message).toBe(`No se pudo conectar con el radio 127.0.0.1:${port}: conexión rechazada`);
  });

  it('a self-signed certificate is refused unless accepted for that device', async () => {
    const e = await failure(client('ac', { insecureTls: false }).readStats());
    expect(e.code).toBe('airos_tls');
    expect(e.message).toMatch(/certificado no es de confianza/);
  });

  it('a pinned certificate is trusted without accepting any certificate', async () => {
    const s = await client('ac', { insecureTls: false, ca: fake.cert }).readStats();
    expect(s.hostname).toBe('Cliente Juárez');
  });

  it('an address that is not an airOS radio', async () => {
    const e = await failure(client('no-such-radio').readStats());
    expect(e.code).toBe('airos_http');
    expect(e.message).toBe('El radio respondió con el código HTTP 404');
  });

  it('never puts the password in an error', async () => {
    const e = await failure(client('wrong8', { password: 'secreto-muy-largo' }).readStats());
    expect(`${e.message} ${JSON.stringify(e)} ${String(e.stack)}`).not.toContain('secreto-muy-largo');
  });
});

describe('the fake', () => {
  it('serves many radios on one port, each with its own identity and family', async () => {
    const ids = fake.ids().filter((id) => /^\d+$/.test(id));
    expect(ids).toHaveLength(40);
    const stats = await Promise.all(ids.map((id) => client(id).readStats()));
    expect(new Set(stats.map((s) => s.macs.eth0)).size).toBe(40);
    expect(new Set(stats.map((s) => s.hostname)).size).toBe(40);
    expect(stats.filter((s) => s.family === 6)).toHaveLength(10);
    expect(stats.every((s) => s.lanTxBytes! > 0)).toBe(true);
  });

  it('can serve plain HTTP (radios with HTTPS turned off), and the client reads them', async () => {
    const plain = await startFakeAirosServer({ plainHttp: true, count: 2, generatedFamily: 6 });
    try {
      expect(plain.url).toMatch(/^http:/);
      const s = await client('1', { url: plain.urlOf('1') }).readStats();
      expect(s.family).toBe(6);
      expect(s.hostname).toBe('CPE-1');
    } finally {
      await plain.stop();
    }
  });

  it('uses a real self-signed certificate for 127.0.0.1', () => {
    const x = new X509Certificate(fake.cert);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('answers 403 to status.cgi without a session on airOS 8 and redirects to login.cgi on airOS 6', async () => {
    const { request } = await import('node:https');
    const get = (url: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        request(url, { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        })
          .on('error', reject)
          .end();
      });
    expect((await get(`${fake.urlOf('ac')}status.cgi`)).status).toBe(403);
    const v6 = await get(`${fake.urlOf('m5')}status.cgi`);
    expect(v6.status).toBe(302);
    expect(v6.location).toBe('/d/m5/login.cgi?uri=%2Fd%2Fm5%2Fstatus.cgi');
  });
});
