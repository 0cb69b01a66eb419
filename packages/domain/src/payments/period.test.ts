import { describe, expect, it } from 'vitest';
import { addMonths, paymentPeriod } from './period';

describe('payment period (docs/business-rules.md "Payments")', () => {
  it('starts the day after paid-until and ends the day before the same date a month later', () => {
    expect(paymentPeriod({ paidUntil: '2026-10-14', paymentDate: '2026-10-20', months: 1, reconexion: false })).toEqual(
      {
        fechaInicio: '2026-10-15',
        fechaFinalizacion: '2026-11-14',
      },
    );
  });

  it('covers several months in one period', () => {
    expect(paymentPeriod({ paidUntil: '2026-10-14', paymentDate: '2026-10-01', months: 6, reconexion: false })).toEqual(
      {
        fechaInicio: '2026-10-15',
        fechaFinalizacion: '2027-04-14',
      },
    );
  });

  it('consecutive payments are contiguous: no gap, no overlap', () => {
    let paidUntil = '2026-01-30';
    const periods = [];
    for (let i = 0; i < 14; i++) {
      const p = paymentPeriod({ paidUntil, paymentDate: '2026-01-01', months: 1, reconexion: false });
      periods.push(p);
      paidUntil = p.fechaFinalizacion;
    }
    for (let i = 1; i < periods.length; i++) {
      const prevEnd = new Date(`${periods[i - 1]!.fechaFinalizacion}T00:00:00Z`).getTime();
      expect(new Date(`${periods[i]!.fechaInicio}T00:00:00Z`).getTime() - prevEnd).toBe(86_400_000);
    }
  });

  it('a reconnection starts on the payment date', () => {
    expect(paymentPeriod({ paidUntil: '2026-08-14', paymentDate: '2026-11-21', months: 1, reconexion: true })).toEqual({
      fechaInicio: '2026-11-21',
      fechaFinalizacion: '2026-12-20',
    });
  });

  it('a reconnection still inside the paid period does not overlap it', () => {
    expect(
      paymentPeriod({ paidUntil: '2026-11-30', paymentDate: '2026-11-21', months: 1, reconexion: true }).fechaInicio,
    ).toBe('2026-12-01');
  });

  it('month ends clamp to the last day of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-21', 14)).toBe('2028-01-21');
  });

  it('zero months (an abono that completes no month) is the empty period after paid-until: paid-until stays', () => {
    expect(paymentPeriod({ paidUntil: '2026-10-14', paymentDate: '2026-10-20', months: 0, reconexion: false })).toEqual(
      {
        fechaInicio: '2026-10-15',
        fechaFinalizacion: '2026-10-14',
      },
    );
    // The next whole month starts on the same day: no overlap, no gap.
    expect(
      paymentPeriod({ paidUntil: '2026-10-14', paymentDate: '2026-10-20', months: 1, reconexion: false }).fechaInicio,
    ).toBe('2026-10-15');
  });
});
