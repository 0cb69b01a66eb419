import { describe, expect, it } from 'vitest';
import { addDays } from '../customers/business-days';
import { cutoffDate } from '../customers/lateness';
import {
  DEFAULT_REMINDER_TEMPLATE,
  inReminderHours,
  reminderDue,
  reminderPaidUntilRange,
  reminderPhone,
  reminderPreviewInputSchema,
  reminderSettingsInputSchema,
  reminderValues,
  renderReminder,
  unknownPlaceholders,
} from './reminders';

const CAL = { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2027-07-15'] };

describe('reminder templates', () => {
  it('lists each unknown placeholder once, in order, and accepts the known ones', () => {
    expect(unknownPlaceholders(DEFAULT_REMINDER_TEMPLATE)).toEqual([]);
    expect(unknownPlaceholders('Hola {nombre}, {saldo} {Nombre} {saldo} {}')).toEqual(['saldo', 'Nombre', '']);
  });

  it('renders every placeholder, as often as it appears', () => {
    const values = reminderValues(
      { no: 1042, nombre: 'María López', monto: 350, pagadoHasta: '2027-07-12' },
      'BBVA CLABE 012 290 0012345678 9',
      'https://pagos.airlink.mx/portal',
      CAL,
    );
    // 12 July 2027 + 3 business days skips the fair on Thursday 15: Friday 16.
    expect(values.vence).toBe('16/07/2027');
    expect(
      renderReminder(
        '{nombre} ({contrato}) paga {monto} antes del {vence} en {cuenta} o en {portal}. {nombre}',
        values,
      ),
    ).toBe(
      'María López (1042) paga $350.00 antes del 16/07/2027 en BBVA CLABE 012 290 0012345678 9 o en ' +
        'https://pagos.airlink.mx/portal. María López',
    );
  });

  it('accepts {portal} in a template and writes an empty string when there is no portal address', () => {
    expect(unknownPlaceholders('Paga en línea: {portal}')).toEqual([]);
    const values = reminderValues({ no: 7, nombre: 'Ana', monto: 300, pagadoHasta: '2027-07-12' }, '', '', CAL);
    expect(renderReminder('Hola {nombre}. {portal}', values)).toBe('Hola Ana. ');
  });

  it('refuses a template with unknown placeholders, naming them, when it is saved', () => {
    const base = { activo: true, diasAntes: 3, datosCuenta: 'BBVA', instancia: 'Cobranza' };
    const bad = reminderSettingsInputSchema.safeParse({ ...base, plantilla: 'Hola {cliente}, debe {saldo}' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'Marcadores desconocidos: {cliente}, {saldo}. Usa {nombre}, {monto}, {vence}, {cuenta}, {contrato}, {portal}.',
    );
    const one = reminderPreviewInputSchema.safeParse({ plantilla: 'Hola {cliente}' });
    expect(one.error?.issues[0]?.message).toMatch(/^Marcador desconocido: \{cliente\}\./);
    expect(reminderSettingsInputSchema.safeParse({ ...base, plantilla: 'Hola {nombre}' }).success).toBe(true);
  });

  it('refuses days before the cut-off outside 0–15', () => {
    const base = { activo: true, plantilla: 'Hola', datosCuenta: '', instancia: 'Cobranza' };
    expect(reminderSettingsInputSchema.safeParse({ ...base, diasAntes: 16 }).success).toBe(false);
    expect(reminderSettingsInputSchema.safeParse({ ...base, diasAntes: -1 }).success).toBe(false);
    expect(reminderSettingsInputSchema.safeParse({ ...base, diasAntes: 0 }).success).toBe(true);
  });
});

describe('quiet hours', () => {
  it.each([
    ['00:00', false],
    ['08:59', false],
    ['09:00', true],
    ['13:30', true],
    ['19:59', true],
    ['20:00', false],
    ['23:59', false],
  ])('at %s business time a reminder may be sent: %s', (hhmm, allowed) => {
    expect(inReminderHours(hhmm)).toBe(allowed);
  });
});

describe('phones', () => {
  it.each([
    ['771 123 4567', '527711234567'],
    ['+52 1 771 123 4567', '5217711234567'],
    ['', null],
    ['123', null],
  ])('%s is sent to %s', (input, expected) => {
    expect(reminderPhone(input)).toBe(expected);
  });
});

describe('who is due a reminder', () => {
  it('from N days before the cut-off date up to the cut-off date itself', () => {
    // Paid until Friday 9 July 2027: cut-off 3 business days later is Wednesday 14 July.
    expect(cutoffDate('2027-07-09', CAL)).toBe('2027-07-14');
    expect(reminderDue('2027-07-09', '2027-07-10', 3, CAL)).toBe(false);
    expect(reminderDue('2027-07-09', '2027-07-11', 3, CAL)).toBe(true);
    expect(reminderDue('2027-07-09', '2027-07-14', 3, CAL)).toBe(true);
    expect(reminderDue('2027-07-09', '2027-07-15', 3, CAL)).toBe(false);
    expect(reminderDue('2027-07-09', '2027-07-14', 0, CAL)).toBe(true);
    expect(reminderDue('2027-07-09', '2027-07-13', 0, CAL)).toBe(false);
  });

  it('the SQL range of paid-until dates is exactly the due ones, every day of a year, for 0, 3 and 7 days', () => {
    // Paid-until from 25 days before to 10 after `today` holds every due date with room (cut-off is 3 business
    // days after paid-until, the window at most 7 days before it). One assertion at the end: an expect per pair
    // made this test slow enough to pass vitest's timeout on a busy machine.
    const mismatches: string[] = [];
    let pairs = 0;
    for (const dias of [0, 3, 7]) {
      for (let today = '2027-01-01'; today <= '2027-12-31'; today = addDays(today, 1)) {
        const { desde, hasta } = reminderPaidUntilRange(today, dias, CAL);
        for (let p = addDays(today, -25); p <= addDays(today, 10); p = addDays(p, 1)) {
          pairs++;
          if (p >= desde && p <= hasta !== reminderDue(p, today, dias, CAL)) mismatches.push(`${today} ${dias} ${p}`);
        }
      }
    }
    expect(pairs).toBe(3 * 365 * 36);
    expect(mismatches).toEqual([]);
  });
});
