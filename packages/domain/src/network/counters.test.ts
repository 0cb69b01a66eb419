import { describe, expect, it } from 'vitest';
import { counterDelta } from './counters';

describe('counterDelta', () => {
  it('is the difference of a counter that went up', () => {
    expect(counterDelta({ counter: 1000, uptime: 50 }, { counter: 4500, uptime: 110 })).toBe(3500);
    expect(counterDelta({ counter: 1000, uptime: 50 }, { counter: 1000, uptime: 110 })).toBe(0);
  });
  it('counts from 0 after a reboot (the counter and the uptime went down)', () => {
    expect(counterDelta({ counter: 9_000_000, uptime: 86_400 }, { counter: 1200, uptime: 40 })).toBe(1200);
  });
  it('drops the sample when the counter went down without a reboot (reset or wrap)', () => {
    expect(counterDelta({ counter: 9_000_000, uptime: 86_400 }, { counter: 1200, uptime: 86_460 })).toBeNull();
  });
  it('has no delta without a previous reading or with a broken counter', () => {
    expect(counterDelta(null, { counter: 1200, uptime: 40 })).toBeNull();
    expect(counterDelta({ counter: 5, uptime: 1 }, { counter: Number.NaN, uptime: 2 })).toBeNull();
    expect(counterDelta({ counter: 5, uptime: 1 }, { counter: -1, uptime: 2 })).toBeNull();
  });
});
