import { describe, expect, it } from 'vitest';
import { formatIsoMonth } from './home-dates';
import { incomeFigures } from './income-figures';

const TODAY = '2026-11-21';

describe('incomeFigures', () => {
  it("takes today's row for the card, not the newest row of another day", () => {
    const rows = [
      { fecha: '2026-11-21', cantidadPagos: 3, monto: 1234.5 },
      { fecha: '2026-11-20', cantidadPagos: 4, monto: 900 },
    ];
    expect(incomeFigures(rows, TODAY).today).toEqual({ monto: 1234.5, cantidadPagos: 3 });
    // Rows hold only days with payments: with none today, the newest row is yesterday's.
    expect(incomeFigures(rows.slice(1), TODAY).today).toEqual({ monto: 0, cantidadPagos: 0 });
    expect(incomeFigures(undefined, TODAY).today).toEqual({ monto: 0, cantidadPagos: 0 });
  });

  it('adds yesterday and the month so far (only days of this month up to today), in centavos', () => {
    const rows = [
      { fecha: '2026-11-21', cantidadPagos: 1, monto: 0.1 },
      { fecha: '2026-11-20', cantidadPagos: 2, monto: 0.2 },
      { fecha: '2026-11-01', cantidadPagos: 5, monto: 1000 },
      { fecha: '2026-10-31', cantidadPagos: 9, monto: 9999 },
    ];
    const f = incomeFigures(rows, TODAY);
    expect(f.yesterday).toEqual({ monto: 0.2, cantidadPagos: 2 });
    expect(f.monthToDate).toEqual({ monto: 1000.3, cantidadPagos: 8 });
    // On the first of the month, yesterday is the last day of the month before.
    expect(incomeFigures(rows, '2026-11-01').yesterday).toEqual({ monto: 9999, cantidadPagos: 9 });
  });
});

describe('home dates', () => {
  it('formats months in Spanish', () => {
    expect(formatIsoMonth('2026-11')).toBe('Nov 2026');
  });
});
