import { describe, expect, it } from 'vitest';
import { GRACE_BUSINESS_DAYS, latenessOf, latenessText } from './lateness';

describe('lateness (DESIGN.md section 7)', () => {
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
