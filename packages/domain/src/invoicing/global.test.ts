import { describe, expect, it } from 'vitest';
import {
  globalInformation,
  globalInvoiceDay,
  isInvoicePeriod,
  periodRange,
  predominantPaymentForm,
  previousPeriod,
} from './global';

describe('global invoice', () => {
  it('a period is YYYY-MM with its first and last day', () => {
    expect(isInvoicePeriod('2026-11')).toBe(true);
    expect(isInvoicePeriod('2026-13')).toBe(false);
    expect(isInvoicePeriod('26-11')).toBe(false);
    expect(periodRange('2028-02')).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' });
    expect(globalInformation('2026-11')).toEqual({ periodicity: 'month', months: '11', year: 2026 });
    expect(previousPeriod('2027-01-04')).toBe('2026-12');
  });

  it('is issued on the first business day of the next month', () => {
    expect(globalInvoiceDay('2026-10')).toBe('2026-11-02'); // 1 Nov 2026 is a Sunday
    expect(globalInvoiceDay('2026-11')).toBe('2026-12-01');
    expect(globalInvoiceDay('2026-12', { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2027-01-01'] })).toBe(
      '2027-01-04',
    );
  });

  it('takes the payment form that brought the largest amount, cash on a tie', () => {
    expect(
      predominantPaymentForm([
        { formaPago: '01', monto: 300 },
        { formaPago: '03', monto: 500 },
        { formaPago: '01', monto: 300 },
      ]),
    ).toBe('01');
    expect(
      predominantPaymentForm([
        { formaPago: '31', monto: 900 },
        { formaPago: '01', monto: 300 },
      ]),
    ).toBe('31');
    expect(
      predominantPaymentForm([
        { formaPago: '03', monto: 300 },
        { formaPago: '01', monto: 300 },
      ]),
    ).toBe('01');
  });
});
