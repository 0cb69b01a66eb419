import type { Paged, ReminderItem, ReminderRun, ReminderSettings } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import type { Task } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  contratos,
  messages,
  messagingInstances,
  paymentReminders,
  settings as settingsTable,
} from '../src/db/schema';
import { REMINDER_SETTINGS_KEY } from '../src/modules/reminders/reminders.service';
import type { FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import { JobRunner } from '../src/modules/jobs/job-runner';
import { JobsRepository } from '../src/modules/jobs/jobs.repository';
import { startDepartmentInstance } from './evolution-fixtures';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/**
 * Payment reminders (issue 15, part 3) against the fake Evolution API. Paid until Friday 16 October 2026:
 * the cut-off date is Wednesday 21 October, so with 3 days before it the reminder window is 18–21 October.
 */
let now = new Date('2026-10-19T16:00:00Z'); // Monday 19 October, 10:00 in Mexico City
const at = (iso: string) => (now = new Date(iso));
const EVENING = '2026-10-20T02:30:00Z'; // Monday 19, 20:30
const MORNING = '2026-10-20T15:05:00Z'; // Tuesday 20, 09:05
const BASE = '/api/recordatorios';
const TEMPLATE =
  'Hola {nombre}: su servicio (contrato {contrato}) vence el {vence}. Monto {monto}. Deposite a {cuenta}.';

let m: MoneyTestApp;
let fake: FakeEvolutionServer;

beforeAll(async () => {
  // 527715550151 has no WhatsApp.
  const instance = await startDepartmentInstance('Cobranza', 'Cobranza', ['527715550151']);
  fake = instance.fake;
  m = await createMoneyTestApp(() => now);
  await instance.register(m);
});
afterAll(async () => {
  await m?.t.close();
  await fake?.stop();
});

const settings = (over: Partial<ReminderSettings> = {}) =>
  m.call('PUT', `${BASE}/configuracion`, 20, {
    activo: true,
    diasAntes: 3,
    plantilla: TEMPLATE,
    datosCuenta: 'BBVA CLABE 012290001234567891',
    instancia: 'Cobranza',
    ...over,
  });
const run = async () => (await m.call('POST', `${BASE}/enviar`, 20)).json() as ReminderRun;
const rowsOf = (contratoId: number) =>
  m.t.database.db.select().from(paymentReminders).where(eq(paymentReminders.contratoId, contratoId));
const sentTo = (digits: string) =>
  fake.instance('Cobranza').messages.filter((msg) => msg.key.fromMe && msg.key.remoteJid.startsWith(digits));

describe('reminder settings', () => {
  it('level 20 only, on every route', async () => {
    for (const [method, url, body] of [
      ['GET', `${BASE}/configuracion`],
      ['PUT', `${BASE}/configuracion`, {}],
      ['POST', `${BASE}/vista-previa`, { plantilla: 'x' }],
      ['GET', BASE],
      ['POST', `${BASE}/enviar`],
    ] as const) {
      expect((await m.call(method, url, 18, body)).statusCode, url).toBe(403);
      expect((await m.call(method, url, null, body)).statusCode, url).toBe(401);
    }
  });

  it('refuses a template with unknown placeholders when it is saved, naming them, and keeps the old one', async () => {
    expect((await settings()).statusCode).toBe(200);
    const res = await settings({ plantilla: 'Hola {cliente}, su saldo es {saldo}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Marcadores desconocidos: {cliente}, {saldo}');
    const stored = (await m.call('GET', `${BASE}/configuracion`, 20)).json() as ReminderSettings;
    expect(stored.plantilla).toBe(TEMPLATE);
  });

  it('refuses an instance that is not in the WhatsApp directory; audits a change', async () => {
    const res = await settings({ instancia: 'NoExiste' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.instancia).toBeDefined();
    const audits = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_reminders'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('previews the template for a sample contract', async () => {
    const res = await m.call('POST', `${BASE}/vista-previa`, 20, { plantilla: TEMPLATE, datosCuenta: 'Banorte 1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().texto).toMatch(
      /^Hola María López Hernández: su servicio \(contrato 1042\) vence el \d\d\/\d\d\/2026\. Monto \$350\.00\. Deposite a Banorte 1234\.$/,
    );
  });
});

describe('sending reminders', () => {
  it('queues at 20:30 but sends nothing; sends at 09:05, to the normalised phone, into the inbox conversation', async () => {
    expect((await settings()).statusCode).toBe(200);
    const due = await m.contract({
      no: 5001,
      nombre: 'Rosa Díaz',
      pagadoHasta: '2026-10-16',
      telefono: '771 555 0101',
      monto: 400,
    });
    const later = await m.contract({ no: 5002, pagadoHasta: '2026-10-30', telefono: '7715550102' });
    const noPhone = await m.contract({ no: 5003, pagadoHasta: '2026-10-16', telefono: '' });
    const cut = await m.contract({ no: 5004, pagadoHasta: '2026-10-16', telefono: '7715550104', cortado: true });

    at(EVENING);
    const evening = await run();
    expect(evening.fueraDeHorario).toBe(true);
    expect(evening.enviados).toBe(0);
    // Sending nothing says why.
    expect(evening).toMatchObject({ encolados: 1, motivo: 'fuera_de_horario', error: null });
    expect(await rowsOf(due)).toMatchObject([
      { estado: 'pendiente', telefono: '527715550101', fechaCorte: '2026-10-21' },
    ]);
    expect(await rowsOf(later)).toEqual([]);
    expect(await rowsOf(noPhone)).toEqual([]);
    expect(await rowsOf(cut)).toEqual([]);
    expect(sentTo('527715550101')).toEqual([]);

    at(MORNING);
    const morning = await run();
    expect(morning).toMatchObject({ fueraDeHorario: false, enviados: 1, motivo: null });
    expect(await rowsOf(due)).toMatchObject([{ estado: 'enviado', intentos: 1 }]);
    const sent = sentTo('527715550101');
    expect(sent).toHaveLength(1);
    const text = JSON.stringify(sent[0]!.message);
    expect(text).toContain('Hola Rosa Díaz: su servicio (contrato 5001) vence el 21/10/2026. Monto $400.00.');
    expect(text).toContain('BBVA CLABE 012290001234567891');
    // The message is in the inbox, in that customer's conversation, sent by the system.
    const stored = await m.t.database.db.select().from(messages).where(eq(messages.instance, 'Cobranza'));
    expect(stored.filter((s) => s.remoteJid.startsWith('527715550101'))).toMatchObject([
      { fromMe: true, sentByUserId: null },
    ]);
    const list = (await m.call('GET', `${BASE}?estado=enviado`, 20)).json() as Paged<ReminderItem>;
    expect(list.items.find((i) => i.idContrato === due)).toMatchObject({ nombre: 'Rosa Díaz', estado: 'enviado' });
  });

  it('never sends a contract twice in a period: a second run and two runs at once send nothing more', async () => {
    const twice = await m.contract({ no: 5011, pagadoHasta: '2026-10-16', telefono: '7715550111' });
    at(MORNING);
    const [a, b] = await Promise.all([m.t.app.ctx.reminders.run(), m.t.app.ctx.reminders.run()]);
    expect(a.enviados + b.enviados).toBe(1);
    expect(await run()).toMatchObject({ enviados: 0, motivo: 'ninguno_pendiente' });
    expect(sentTo('527715550111')).toHaveLength(1);
    expect(await rowsOf(twice)).toHaveLength(1);
    // The next period (paid one more month) is a new reminder.
    await m.t.database.db.update(contratos).set({ pagadoHasta: '2026-11-16' }).where(eq(contratos.id, twice));
    at('2026-11-17T16:00:00Z'); // Tuesday 17 November 10:00; cut-off of 16 November is the 19th
    await run();
    expect(sentTo('527715550111')).toHaveLength(2);
    expect((await rowsOf(twice)).map((r) => r.periodo).sort()).toEqual(['2026-10-16', '2026-11-16']);
  });

  it('a payment registered before the send cancels the queued reminder', async () => {
    const payer = await m.contract({ no: 5021, pagadoHasta: '2026-10-16', telefono: '7715550121' });
    at(EVENING);
    await run();
    expect(await rowsOf(payer)).toMatchObject([{ estado: 'pendiente' }]);
    await m.t.database.db.update(contratos).set({ pagadoHasta: '2026-11-16' }).where(eq(contratos.id, payer));
    at(MORNING);
    await run();
    expect(await rowsOf(payer)).toMatchObject([{ estado: 'cancelado', error: 'Pagó antes del envío.' }]);
    expect(sentTo('527715550121')).toEqual([]);
  });

  it("{portal} writes the portal's address while customers can pay online, and nothing when online payments are off", async () => {
    const onlinePayments = (activo: boolean) =>
      m.call('PUT', '/api/pagos-en-linea/configuracion', 20, {
        activo,
        publicKey: 'APP_USR-pk',
        accessToken: 'APP_USR-token',
        urlPortal: 'https://pagos.airlink.mx/portal',
      });
    const plantilla = 'Hola {nombre}. Pague en línea: {portal}';
    const preview = async () =>
      (await m.call('POST', `${BASE}/vista-previa`, 20, { plantilla })).json().texto as string;
    try {
      expect((await settings({ plantilla })).statusCode).toBe(200);
      expect((await onlinePayments(true)).statusCode).toBe(200);
      const on = await m.contract({
        no: 5081,
        nombre: 'Luis Pérez',
        pagadoHasta: '2026-10-16',
        telefono: '7715550181',
      });
      at(MORNING);
      await run();
      expect(await rowsOf(on)).toMatchObject([{ estado: 'enviado' }]);
      expect(JSON.stringify(sentTo('527715550181')[0]!.message)).toContain(
        'Hola Luis Pérez. Pague en línea: https://pagos.airlink.mx/portal',
      );
      expect(await preview()).toBe('Hola María López Hernández. Pague en línea: https://pagos.airlink.mx/portal');

      // Switched off (the address stays saved): the placeholder writes nothing.
      expect((await onlinePayments(false)).statusCode).toBe(200);
      const off = await m.contract({ no: 5082, nombre: 'Eva Ruiz', pagadoHasta: '2026-10-16', telefono: '7715550182' });
      await run();
      expect(await rowsOf(off)).toMatchObject([{ estado: 'enviado' }]);
      const text = JSON.stringify(sentTo('527715550182')[0]!.message);
      expect(text).toContain('Hola Eva Ruiz. Pague en línea: "');
      expect(text).not.toContain('pagos.airlink.mx');
      expect(await preview()).toBe('Hola María López Hernández. Pague en línea: ');
    } finally {
      await onlinePayments(false);
      await settings();
    }
  });

  it('a WhatsApp outage keeps the reminder queued; it goes out on a later run inside the hours, never outside', async () => {
    const waiting = await m.contract({ no: 5031, pagadoHasta: '2026-10-16', telefono: '7715550131' });
    fake.setState('Cobranza', 'close');
    at(MORNING);
    const down = await run();
    expect(down).toMatchObject({ enviados: 0, motivo: 'whatsapp_no_disponible' });
    expect(down.error).toBeTruthy();
    const [row] = await rowsOf(waiting);
    expect(row).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(row!.error).toBeTruthy();

    fake.setState('Cobranza', 'open');
    at('2026-10-21T03:00:00Z'); // Tuesday 20, 21:00: back up, but outside the hours
    await run();
    expect(await rowsOf(waiting)).toMatchObject([{ estado: 'pendiente' }]);
    expect(sentTo('527715550131')).toEqual([]);

    at('2026-10-21T15:30:00Z'); // Wednesday 21 (the cut-off date), 09:30
    await run();
    expect(await rowsOf(waiting)).toMatchObject([{ estado: 'enviado', intentos: 2 }]);
    expect(sentTo('527715550131')).toHaveLength(1);
  });

  it("a scheduled run stopped by a WhatsApp outage is 'failed' in Tareas with the reason", async () => {
    const waiting = await m.contract({ no: 5061, pagadoHasta: '2026-10-16', telefono: '7715550161' });
    fake.setState('Cobranza', 'close');
    at(MORNING);
    const runner = new JobRunner(new JobsRepository(m.t.database.db), { log: m.t.app.log, pollMs: 50 });
    m.t.app.ctx.reminders.register(runner);
    await runner.start();
    try {
      expect(await runner.runNow('recordatorios-pago')).toBe('queued');
      await vi.waitFor(
        async () => {
          const tasks = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
          expect(tasks.find((t) => t.nombre === 'recordatorios-pago')).toMatchObject({
            enCurso: false,
            ultima: { estado: 'failed', error: expect.stringContaining('WhatsApp no está disponible') },
          });
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await runner.stop();
      fake.setState('Cobranza', 'open');
    }
    expect(await rowsOf(waiting)).toMatchObject([{ estado: 'pendiente' }]);
    expect(await run()).toMatchObject({ enviados: 1, motivo: null, error: null });
  });

  it('a scheduled run that sends nothing says why in Tareas (outside 09:00-20:00)', async () => {
    at(EVENING);
    const runner = new JobRunner(new JobsRepository(m.t.database.db), { log: m.t.app.log, pollMs: 50 });
    m.t.app.ctx.reminders.register(runner);
    await runner.start();
    try {
      expect(await runner.runNow('recordatorios-pago')).toBe('queued');
      await vi.waitFor(
        async () => {
          const tasks = (await m.call('GET', '/api/tareas', 20)).json() as Task[];
          expect(tasks.find((t) => t.nombre === 'recordatorios-pago')).toMatchObject({
            enCurso: false,
            ultima: {
              estado: 'done',
              error: null,
              resultado: expect.stringContaining('0 enviados. Fuera de horario (09:00 a 20:00)'),
            },
          });
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await runner.stop();
    }
  });

  it('a number without WhatsApp fails at once and the batch goes on; a sender gone from the directory keeps the queue', async () => {
    const noWhatsApp = await m.contract({ no: 5051, pagadoHasta: '2026-10-16', telefono: '7715550151' });
    const next = await m.contract({ no: 5052, pagadoHasta: '2026-10-16', telefono: '7715550152' });
    at(MORNING);
    await run();
    expect(await rowsOf(noWhatsApp)).toMatchObject([{ estado: 'fallido', intentos: 1 }]);
    expect(await rowsOf(next)).toMatchObject([{ estado: 'enviado' }]);

    const waiting = await m.contract({ no: 5053, pagadoHasta: '2026-10-16', telefono: '7715550153' });
    await m.t.database.db
      .update(messagingInstances)
      .set({ instanceName: 'CobranzaVieja' })
      .where(eq(messagingInstances.instanceName, 'Cobranza'));
    try {
      await run();
      expect(await rowsOf(waiting)).toMatchObject([{ estado: 'pendiente', intentos: 1 }]);
    } finally {
      await m.t.database.db
        .update(messagingInstances)
        .set({ instanceName: 'Cobranza' })
        .where(eq(messagingInstances.instanceName, 'CobranzaVieja'));
    }
    await run();
    expect(await rowsOf(waiting)).toMatchObject([{ estado: 'enviado', intentos: 2 }]);
  });

  it('switched on with no instance chosen (settings stored before the check), a run sends nothing and says why', async () => {
    // The settings form refuses this (an active reminder needs an instance): only settings stored earlier hold it.
    const stored = await m.t.database.db
      .select()
      .from(settingsTable)
      .where(eq(settingsTable.key, REMINDER_SETTINGS_KEY));
    const current = stored[0]!.value as ReminderSettings;
    await m.t.database.db
      .update(settingsTable)
      .set({ value: { ...current, activo: true, instancia: '' } })
      .where(eq(settingsTable.key, REMINDER_SETTINGS_KEY));
    try {
      const due = await m.contract({ no: 5071, pagadoHasta: '2026-10-16', telefono: '7715550171' });
      at(MORNING);
      const before = fake.instance('Cobranza').messages.length;
      const result = await run();
      expect(result).toEqual({
        encolados: 0,
        enviados: 0,
        fallidos: 0,
        cancelados: 0,
        fueraDeHorario: false,
        motivo: 'sin_instancia',
        error: null,
      });
      expect(await m.t.app.ctx.reminders.runJob()).toContain('No hay una instancia de WhatsApp elegida');
      expect(await rowsOf(due)).toEqual([]);
      expect(fake.instance('Cobranza').messages.length).toBe(before);
    } finally {
      await m.t.database.db
        .update(settingsTable)
        .set({ value: current })
        .where(eq(settingsTable.key, REMINDER_SETTINGS_KEY));
    }
  });

  it('switched off, a run queues and sends nothing', async () => {
    expect((await settings({ activo: false })).statusCode).toBe(200);
    const off = await m.contract({ no: 5041, pagadoHasta: '2026-10-16', telefono: '7715550141' });
    at(MORNING);
    expect(await run()).toEqual({
      encolados: 0,
      enviados: 0,
      fallidos: 0,
      cancelados: 0,
      fueraDeHorario: false,
      motivo: 'inactivo',
      error: null,
    });
    expect(await rowsOf(off)).toEqual([]);
  });
});
