import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS, calendarOf } from '../settings/business-settings';
import { addBusinessDays, addDays } from './business-days';
import { cutoffDate, GRACE_BUSINESS_DAYS, lastPaidUntilPastCutoff, latenessOf, latenessText } from './lateness';

describe('lateness (docs/business-rules.md "Paid-until and lateness")', () => {
  it('is not late on or before the paid-until date', () => {
    expect(latenessOf('2026-11-21', '2026-11-21')).toMatchObject({ diasRetraso: 0, mesesRetraso: 0 });
    expect(latenessOf('2026-12-15', '2026-11-21')).toMatchObject({ diasRetraso: 0, mesesRetraso: 0 });
  });

  it('days late = today minus paid-until; months = floor(days / 30)', () => {
    expect(latenessOf('2026-10-21', '2026-11-21')).toMatchObject({ diasRetraso: 31, mesesRetraso: 1 });
    expect(latenessOf('2026-09-22', '2026-11-21')).toMatchObject({ diasRetraso: 60, mesesRetraso: 2 });
    expect(latenessOf('2026-09-23', '2026-11-21')).toMatchObject({ diasRetraso: 59, mesesRetraso: 1 });
  });

  it('cut-off date is paid-until plus 3 business days', () => {
    expect(GRACE_BUSINESS_DAYS).toBe(3);
    expect(latenessOf('2026-11-19', '2026-11-21').fechaCorte).toBe('2026-11-24');
    expect(latenessOf('2026-11-12', '2026-11-21').fechaCorte).toBe('2026-11-18');
  });

  it('reads as months, days and cut-off date in Spanish', () => {
    expect(latenessText({ diasRetraso: 65, mesesRetraso: 2, fechaCorte: '2026-09-15' })).toBe(
      '2 meses y 65 días de retraso. Fecha de corte: 15/09/2026',
    );
    expect(latenessText({ diasRetraso: 1, mesesRetraso: 0, fechaCorte: '2026-11-24' })).toBe(
      '0 meses y 1 día de retraso. Fecha de corte: 24/11/2026',
    );
  });
});

describe('cut-off date (paid-until + 3 business days)', () => {
  it('skips weekends and federal holidays', () => {
    // Friday 13 Nov 2026 + 3 business days: Monday 16 is a holiday, so Thursday 19.
    expect(cutoffDate('2026-11-13')).toBe('2026-11-19');
    expect(cutoffDate('2026-10-12')).toBe('2026-10-15');
  });
  it('finds the last paid-until date past its cut-off across weekends and holidays', () => {
    // Thursday 15 Oct 2026: paid until Sunday 11 → cut-off Wednesday 14 (past); Monday 12 → cut-off today.
    expect(lastPaidUntilPastCutoff('2026-10-15')).toBe('2026-10-11');
    // Thursday 19 Nov 2026, Monday 16 a holiday: paid until Friday 13 → cut-off Thursday 19 (today).
    expect(lastPaidUntilPastCutoff('2026-11-19')).toBe('2026-11-12');
  });
  it('is exactly the paid-until dates whose cut-off is before today', () => {
    for (const today of ['2026-01-02', '2026-03-17', '2026-09-16', '2026-12-28']) {
      const last = lastPaidUntilPastCutoff(today);
      expect(cutoffDate(last) < today).toBe(true);
      let next = last;
      for (let i = 0; i < 10; i++) {
        next = new Date(Date.parse(`${next}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect(cutoffDate(next) < today).toBe(false);
      }
    }
  });
});

describe('cut-off date with the holidays of Administración', () => {
  const calendar = { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-18'] };
  it('moves past a configured holiday', () => {
    expect(cutoffDate('2026-11-13')).toBe('2026-11-19');
    expect(cutoffDate('2026-11-13', calendar)).toBe('2026-11-20');
    expect(latenessOf('2026-11-13', '2026-11-24', calendar).fechaCorte).toBe('2026-11-20');
  });
  it('the due list limit follows the same calendar', () => {
    // Friday 20 Nov: paid until Mon 16 cuts off Thu 19 (past); with Wed 18 a holiday it cuts off today,
    // and so do Fri 13 to Sun 15 (Mon 16 is federal): the limit moves back to Thu 12 (cut-off Thu 19).
    expect(lastPaidUntilPastCutoff('2026-11-20')).toBe('2026-11-16');
    expect(lastPaidUntilPastCutoff('2026-11-20', calendar)).toBe('2026-11-12');
  });
});

describe('cut-off dates remembered per calendar', () => {
  it('new settings give a new calendar, and its cut-off dates are its own', () => {
    const before = { ...DEFAULT_BUSINESS_SETTINGS };
    expect(calendarOf(before)).toBe(calendarOf(before));
    expect(cutoffDate('2026-11-13', calendarOf(before))).toBe('2026-11-19');
    // Administración adds a holiday on Wednesday 18: the next reading is a new settings object.
    const after = { ...before, festivos: [{ fecha: '2026-11-18', nombre: 'Feria' }] };
    expect(calendarOf(after)).not.toBe(calendarOf(before));
    expect(cutoffDate('2026-11-13', calendarOf(after))).toBe('2026-11-20');
    expect(cutoffDate('2026-11-13', calendarOf(before))).toBe('2026-11-19');
  });

  it('stays right past its memory (every day of twenty years)', () => {
    const calendar = { businessWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2030-01-02'] };
    let day = '2020-01-01';
    for (let i = 0; i < 7300; i++, day = addDays(day, 1)) cutoffDate(day, calendar);
    expect(cutoffDate('2029-12-31', calendar)).toBe(addBusinessDays('2029-12-31', GRACE_BUSINESS_DAYS, calendar));
    // Monday 31: 1 January is federal, 2 January the business's own; Thursday 3, Friday 4, Saturday 5 (a business day).
    expect(cutoffDate('2029-12-31', calendar)).toBe('2030-01-05');
  });
});
