import { describe, expect, it } from 'vitest';
import { financeReportQuerySchema } from './summary';

describe('finance report range', () => {
  it('needs valid dates in order, at most a year', () => {
    expect(financeReportQuerySchema.safeParse({ desde: '2026-11-01', hasta: '2026-11-30' }).success).toBe(true);
    expect(financeReportQuerySchema.safeParse({ desde: '2026-11-30', hasta: '2026-11-01' }).success).toBe(false);
    expect(financeReportQuerySchema.safeParse({ desde: '2024-01-01', hasta: '2026-01-01' }).success).toBe(false);
    expect(financeReportQuerySchema.safeParse({ desde: 'ayer', hasta: '2026-11-01' }).success).toBe(false);
  });
});
