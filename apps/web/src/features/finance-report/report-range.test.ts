import { describe, expect, it } from 'vitest';
import { incomeSeries } from './income-series';
import { presetOf, presetRange, rangeError, rangeText } from './report-range';

describe('report periods', () => {
  it('presets count from the business date', () => {
    expect(presetRange('este-mes', '2026-03-17')).toEqual({ desde: '2026-03-01', hasta: '2026-03-17' });
    expect(presetRange('mes-anterior', '2026-03-17')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(presetRange('mes-anterior', '2026-01-10')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
    expect(presetRange('ultimos-30', '2026-03-17')).toEqual({ desde: '2026-02-16', hasta: '2026-03-17' });
    expect(presetRange('este-anio', '2026-03-17')).toEqual({ desde: '2026-01-01', hasta: '2026-03-17' });
    expect(presetOf({ desde: '2026-02-01', hasta: '2026-02-28' }, '2026-03-17')).toBe('mes-anterior');
    expect(presetOf({ desde: '2026-02-02', hasta: '2026-02-28' }, '2026-03-17')).toBe('personalizado');
  });

  it('refuses ranges out of order or longer than a year, in Spanish', () => {
    expect(rangeError({ desde: '2026-03-10', hasta: '2026-03-01' })).toBe(
      'La fecha inicial debe ser anterior o igual a la final',
    );
    expect(rangeError({ desde: '2024-01-01', hasta: '2026-01-01' })).toBe('El periodo no puede pasar de un año');
    expect(rangeError({ desde: '2026-03-01', hasta: '2026-03-31' })).toBeNull();
    expect(rangeText({ desde: '2026-03-01', hasta: '2026-03-31' })).toBe('1 al 31 de marzo de 2026');
  });

  it('charts every day of a short range (0 when nothing came in) and months for a long one', () => {
    const days = [
      { fecha: '2026-03-01', tizayuca: 0.1, pachuca: 0, banco: 0.2, total: 0.3 },
      { fecha: '2026-03-03', tizayuca: 5, pachuca: 1, banco: 0, total: 6 },
    ];
    const short = incomeSeries(days, { desde: '2026-03-01', hasta: '2026-03-03' });
    expect(short.unit).toBe('dia');
    expect(short.points.map((p) => [p.label, p.total])).toEqual([
      ['1 mar', 0.3],
      ['2 mar', 0],
      ['3 mar', 6],
    ]);
    const long = incomeSeries(days, { desde: '2026-01-01', hasta: '2026-03-31' });
    expect(long.unit).toBe('mes');
    expect(long.points.map((p) => [p.label, p.tizayuca])).toEqual([
      ['ene 2026', 0],
      ['feb 2026', 0],
      ['mar 2026', 5.1],
    ]);
  });
});
