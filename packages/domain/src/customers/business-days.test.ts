import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  datesFrom,
  daysBetween,
  isBusinessDay,
  isValidIsoDate,
  mexicanFederalHolidays,
  monthStart,
  parseIsoDate,
} from './business-days';

describe('calendar dates', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(daysBetween('2026-03-01', '2026-01-01')).toBe(-59);
  });

  it('reads every day, and refuses every impossible one, exactly as a Date round trip does', () => {
    // The reference: what the parse was before it read the digits itself.
    const reference = (date: string) => {
      const d = new Date(`${date}T00:00:00Z`);
      return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date
        ? d.getTime()
        : null;
    };
    const read = (date: string) => {
      try {
        return parseIsoDate(date).getTime();
      } catch (err) {
        expect(err).toBeInstanceOf(RangeError);
        return null;
      }
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (const year of ['0000', '0004', '0099', '0100', '1899', '1900', '2000', '2023', '2024', '2026', '2100', '9999'])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const date = `${year}-${two(month)}-${two(day)}`;
          expect(read(date), date).toBe(reference(date));
        }
    for (const odd of ['2026-1-01', '2026-01-1', ' 2026-01-01', '2026-01-01 ', '2026/01/01', '２０２６-01-01', ''])
      expect(read(odd), odd).toBe(null);
    expect(daysBetween('1899-12-31', '2100-01-01')).toBe(73_050);
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
  });

  it('rejects impossible dates', () => {
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(isValidIsoDate('2026-2-3')).toBe(false);
    expect(isValidIsoDate('2026-11-21')).toBe(true);
    expect(() => parseIsoDate('mañana')).toThrow(RangeError);
  });

  it('accepts only years 1900 to 2099: absurd dates are not dates of this business', () => {
    for (const absurd of [
      '0000-01-01',
      '9999-99-99',
      '9999-12-31',
      '2024-02-30',
      '1899-12-31',
      '2100-01-01',
      '+02026-01-01',
    ])
      expect(isValidIsoDate(absurd), absurd).toBe(false);
    for (const fine of ['1900-01-01', '2024-02-29', '2099-12-31']) expect(isValidIsoDate(fine), fine).toBe(true);
  });
});

describe('Mexican federal holidays (LFT art. 74)', () => {
  it('2026: fixed days and the Monday rules', () => {
    expect(mexicanFederalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-02', // first Monday of February
      '2026-03-16', // third Monday of March
      '2026-05-01',
      '2026-09-16',
      '2026-11-16', // third Monday of November
      '2026-12-25',
    ]);
  });

  it('1 October only in years when the federal executive changes', () => {
    expect(mexicanFederalHolidays(2030)).toContain('2030-10-01');
    expect(mexicanFederalHolidays(2024)).toContain('2024-10-01');
    expect(mexicanFederalHolidays(2026)).not.toContain('2026-10-01');
  });
});

describe('business days', () => {
  it('are Monday to Friday without federal holidays', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-16')).toBe(false); // Revolution day (third Monday)
  });

  it('skip weekends and holidays when adding', () => {
    expect(addBusinessDays('2026-11-19', 3)).toBe('2026-11-24'); // Thu -> Fri, (Sat, Sun), Mon 23, Tue 24
    expect(addBusinessDays('2026-11-12', 3)).toBe('2026-11-18'); // Thu -> Fri 13, (Sat, Sun, Mon 16 holiday), Tue 17, Wed 18
    expect(addBusinessDays('2026-12-23', 3)).toBe('2026-12-29'); // Wed -> Thu 24, (Fri 25), Mon 28, Tue 29
    expect(addBusinessDays('2026-11-19', 0)).toBe('2026-11-19');
  });
});

describe('monthStart', () => {
  it('is the first day of the month, or of a month some months back, across years', () => {
    expect(monthStart('2026-11-24')).toBe('2026-11-01');
    expect(monthStart('2026-03-31', 1)).toBe('2026-02-01');
    expect(monthStart('2026-02-15', 11)).toBe('2025-03-01');
    expect(monthStart('2026-01-01', 12)).toBe('2025-01-01');
  });
});

describe('Mexican federal holidays, table over several years', () => {
  it.each([
    [2025, ['2025-01-01', '2025-02-03', '2025-03-17', '2025-05-01', '2025-09-16', '2025-11-17', '2025-12-25']],
    [2026, ['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']],
    [2027, ['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25']],
    [
      2030,
      ['2030-01-01', '2030-02-04', '2030-03-18', '2030-05-01', '2030-09-16', '2030-10-01', '2030-11-18', '2030-12-25'],
    ],
  ])('%i', (year, days) => {
    expect(mexicanFederalHolidays(year)).toEqual(days);
  });
});

describe('business days of a configured calendar', () => {
  const withSaturday = { businessWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-24', '2026-12-31'] };

  it.each([
    ['2026-11-21', false, true], // Saturday: a business day when Saturday is one
    ['2026-11-22', false, false], // Sunday
    ['2026-12-24', true, false], // Thursday, the business's own holiday
    ['2026-12-25', false, false], // federal holiday in both
    ['2026-11-16', false, false], // federal holiday (third Monday of November) in both
    ['2026-11-20', true, true],
  ])('%s: default %s, configured %s', (date, byDefault, configured) => {
    expect(isBusinessDay(date)).toBe(byDefault);
    expect(isBusinessDay(date, withSaturday)).toBe(configured);
  });

  it('adds business days skipping the configured holidays and counting the configured weekdays', () => {
    // Wed 23 Dec: Thu 24 (own holiday), Fri 25 (federal), then Sat 26, Mon 28, Tue 29.
    expect(addBusinessDays('2026-12-23', 3, withSaturday)).toBe('2026-12-29');
    expect(addBusinessDays('2026-12-23', 3, { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-24'] })).toBe(
      '2026-12-30',
    );
  });

  it('a calendar with no business weekday does not loop', () => {
    expect(addBusinessDays('2026-12-23', 3, { businessWeekdays: [], holidays: [] })).toBe('2026-12-23');
  });
});

describe('datesFrom', () => {
  it('lists every date of the range, both ends included, across months and a leap day', () => {
    expect(datesFrom('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesFrom('2026-12-31', '2026-12-31')).toEqual(['2026-12-31']);
    expect(datesFrom('2026-11-02', '2026-11-01')).toEqual([]);
    const year = datesFrom('2026-01-01', '2026-12-31');
    expect(year).toHaveLength(365);
    expect(year.every((d, i) => d === addDays('2026-01-01', i))).toBe(true);
  });
});
