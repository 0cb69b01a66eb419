import { describe, expect, it } from 'vitest';
import { addDays, weekday } from '../customers/business-days';
import {
  amountOwed,
  automationSettingsInputSchema,
  cutDecision,
  dayOffReason,
  dayOffText,
  isRunDay,
  needsShareConfirmation,
  nextRunDay,
  noCutInputSchema,
  type CutCandidate,
} from './schedule';

/** 2027 with an own holiday of the business (the town's fair) on a Thursday. */
const CAL = { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2027-07-15'] };
/** Federal days off of 2027 (LFT art. 74). */
const FEDERAL_2027 = ['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25'];

describe('run days over a whole year', () => {
  it('2027: every day is a run day exactly when it is a weekday that is neither a federal nor an own holiday', () => {
    let runDays = 0;
    for (let d = '2027-01-01'; d <= '2027-12-31'; d = addDays(d, 1)) {
      const expected = ![0, 6].includes(weekday(d)) && !FEDERAL_2027.includes(d) && d !== '2027-07-15';
      expect(isRunDay(d, CAL), d).toBe(expected);
      if (expected) runDays++;
    }
    // 261 weekdays, minus the federal holidays on weekdays (5; 1 May and 25 Dec 2027 are Saturdays), minus the fair.
    expect(runDays).toBe(261 - 5 - 1);
  });

  it.each([
    ['2027-01-08', '2027-01-11', 'Friday: the next run is Monday'],
    ['2027-01-29', '2027-02-02', 'Friday before the Constitution Monday: Tuesday'],
    ['2027-03-12', '2027-03-16', "Friday before Juárez's Monday: Tuesday"],
    ['2027-07-14', '2027-07-16', 'the own holiday (Thursday) is skipped'],
    ['2027-09-15', '2027-09-17', '16 September is skipped'],
    ['2027-12-24', '2027-12-27', 'Christmas Eve (Friday): Monday'],
    ['2027-12-31', '2028-01-03', 'New year: 1 January is a Saturday'],
  ])('after %s the next run day is %s (%s)', (date, next) => {
    expect(nextRunDay(date, CAL)).toBe(next);
  });

  it('says why a date is not a run day, agreeing with isRunDay over the whole year', () => {
    for (let d = '2027-01-01'; d <= '2027-12-31'; d = addDays(d, 1))
      expect(dayOffReason(d, CAL) === null, d).toBe(isRunDay(d, CAL));
    expect(dayOffReason('2027-01-09', CAL)).toBe('fin_de_semana'); // Saturday
    expect(dayOffReason('2027-02-01', CAL)).toBe('festivo_federal'); // Constitution Monday
    expect(dayOffReason('2027-07-15', CAL)).toBe('festivo'); // the town's fair
    expect(dayOffReason('2027-05-01', CAL)).toBe('fin_de_semana'); // a federal holiday on a Saturday
    expect(dayOffReason('2027-07-14', CAL)).toBeNull();
    expect(dayOffText('fin_de_semana')).toBe(
      'No es día hábil (no se trabaja ese día de la semana): no se corta a nadie ese día.',
    );
    expect(dayOffText('festivo_federal')).toBe(
      'No es día hábil (es día festivo oficial): no se corta a nadie ese día.',
    );
  });

  it('a Saturday business (Monday to Saturday) runs on Saturdays, never on Sundays', () => {
    const sat = { businessWeekdays: [1, 2, 3, 4, 5, 6], holidays: [] };
    expect(isRunDay('2027-01-09', sat)).toBe(true);
    expect(isRunDay('2027-01-10', sat)).toBe(false);
    expect(nextRunDay('2027-01-08', sat)).toBe('2027-01-09');
  });

  it('a calendar without business weekdays has no next run day', () => {
    expect(nextRunDay('2027-01-08', { businessWeekdays: [], holidays: [] })).toBeNull();
  });
});

const base: CutCandidate = { activo: true, cortado: false, no: 7, pagadoHasta: '2027-01-05', noCortar: null };

describe('which contracts a run cuts', () => {
  it.each([
    // Paid until Tue 5 Jan: cut-off = Fri 8 Jan (3 business days); the first run that cuts is Mon 11 Jan.
    ['2027-01-08', base, { cut: false, reason: 'al_corriente' }],
    ['2027-01-11', base, { cut: true }],
    // Paid until Thu 28 Jan: Fri 29, (Mon 1 Feb federal), Tue 2, Wed 3 → cut-off Wed 3 Feb; cut from Thu 4.
    ['2027-02-03', { ...base, pagadoHasta: '2027-01-28' }, { cut: false, reason: 'al_corriente' }],
    ['2027-02-04', { ...base, pagadoHasta: '2027-01-28' }, { cut: true }],
    // The own holiday of 15 July also counts: paid 13 Jul → 14, (15 off), 16, 19 → cut from 20 Jul.
    ['2027-07-19', { ...base, pagadoHasta: '2027-07-13' }, { cut: false, reason: 'al_corriente' }],
    ['2027-07-20', { ...base, pagadoHasta: '2027-07-13' }, { cut: true }],
    ['2027-01-11', { ...base, activo: false }, { cut: false, reason: 'cancelado' }],
    ['2027-01-11', { ...base, cortado: true }, { cut: false, reason: 'cortado' }],
    ['2027-01-11', { ...base, no: 0 }, { cut: false, reason: 'sin_autorizar' }],
    // 'no cortar' holds through its end date and no longer after it.
    [
      '2027-01-11',
      { ...base, noCortar: { motivo: 'Hospital', hasta: '2027-01-11' } },
      { cut: false, reason: 'no_cortar' },
    ],
    ['2027-01-12', { ...base, noCortar: { motivo: 'Hospital', hasta: '2027-01-11' } }, { cut: true }],
  ] as const)('run on %s', (runDate, c, expected) => {
    expect(cutDecision(c, runDate, CAL)).toEqual(expected);
  });
});

describe('the share guard', () => {
  it.each([
    [0, 100, 10, false],
    [10, 100, 10, false],
    [11, 100, 10, true],
    [1, 5, 10, true],
    [1, 10, 10, false],
    [3, 100, 2, true],
    [1, 0, 10, true],
  ])('%i of %i active with a %i %% limit: confirmation %s', (toCut, active, limit, expected) => {
    expect(needsShareConfirmation(toCut, active, limit)).toBe(expected);
  });
});

describe('amount owed on the run date', () => {
  it.each([
    ['2027-01-05', '2027-01-11', 300, 300],
    ['2027-01-05', '2027-02-05', 300, 300],
    ['2027-01-05', '2027-02-06', 300, 600],
    ['2027-01-05', '2027-01-05', 300, 0],
  ])('paid until %s, run %s, %i a month: %i', (paid, run, monthly, owed) => {
    expect(amountOwed(paid, run, monthly)).toBe(owed);
  });
});

describe('strict input', () => {
  it('settings: time HH:MM, mode, a whole percent 1–100, nothing else', () => {
    expect(
      automationSettingsInputSchema.parse({ activo: true, hora: '09:30', modo: 'automatico', limitePorcentaje: 10 }),
    ).toEqual({ activo: true, hora: '09:30', modo: 'automatico', limitePorcentaje: 10 });
    for (const bad of [
      { activo: true, hora: '24:00', modo: 'automatico', limitePorcentaje: 10 },
      { activo: true, hora: '9:30', modo: 'automatico', limitePorcentaje: 10 },
      { activo: true, hora: '09:30', modo: 'siempre', limitePorcentaje: 10 },
      { activo: true, hora: '09:30', modo: 'automatico', limitePorcentaje: 0 },
      { activo: true, hora: '09:30', modo: 'automatico', limitePorcentaje: 10.5 },
      { activo: 'si', hora: '09:30', modo: 'automatico', limitePorcentaje: 10 },
      { activo: true, hora: '09:30', modo: 'automatico', limitePorcentaje: 10, extra: 1 },
    ])
      expect(automationSettingsInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("'no cortar': a reason and a real end date", () => {
    expect(noCutInputSchema.parse({ motivo: ' Hospitalizado ', hasta: '2027-02-28' })).toEqual({
      motivo: 'Hospitalizado',
      hasta: '2027-02-28',
    });
    expect(noCutInputSchema.safeParse({ motivo: '', hasta: '2027-02-28' }).success).toBe(false);
    expect(noCutInputSchema.safeParse({ motivo: 'x', hasta: '2027-02-30' }).success).toBe(false);
  });
});
