import { describe, expect, it } from 'vitest';
import {
  BANDWIDTH_WINDOWS,
  DEFAULT_BANDWIDTH_WINDOW,
  radioSeriesParamsSchema,
  routerHistoryQuerySchema,
} from './stats';

describe('bandwidth windows (docs/business-rules.md "Screens": 5m, 1h, 24h, 7d; default 1h)', () => {
  it('covers each window with minute or hour buckets', () => {
    expect(Object.keys(BANDWIDTH_WINDOWS)).toEqual(['5m', '1h', '24h', '7d']);
    expect(DEFAULT_BANDWIDTH_WINDOW).toBe('1h');
    expect(BANDWIDTH_WINDOWS['24h']).toEqual({ interval: 'hour', count: 24 });
    expect(routerHistoryQuerySchema.parse({})).toEqual({ window: '1h' });
    expect(routerHistoryQuerySchema.safeParse({ window: '2h' }).success).toBe(false);
  });
});

describe('series path', () => {
  const params = { siteId: '1', hwaddr: '68:D7:9A:00:00:01', metric: 'ccq', interval: 'hour', count: '60' };
  it('accepts the spec metrics and intervals and up to 60 points', () => {
    expect(radioSeriesParamsSchema.parse(params)).toMatchObject({ siteId: 1, count: 60 });
    for (const metric of ['lanTxBytes', 'lanRxBytes', 'ccq', 'signal'])
      expect(radioSeriesParamsSchema.safeParse({ ...params, metric }).success).toBe(true);
  });
  it('refuses 61 points, 0 points, other metrics and intervals', () => {
    expect(radioSeriesParamsSchema.safeParse({ ...params, count: '61' }).success).toBe(false);
    expect(radioSeriesParamsSchema.safeParse({ ...params, count: '0' }).success).toBe(false);
    expect(radioSeriesParamsSchema.safeParse({ ...params, count: '1e1' }).success).toBe(false);
    expect(radioSeriesParamsSchema.safeParse({ ...params, metric: 'uptime' }).success).toBe(false);
    expect(radioSeriesParamsSchema.safeParse({ ...params, interval: 'month' }).success).toBe(false);
  });
});
