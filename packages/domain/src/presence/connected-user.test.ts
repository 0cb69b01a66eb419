import { describe, expect, it } from 'vitest';
import { activityColor } from './index';

describe('activity colour (docs/business-rules.md "Screens")', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  it.each([
    [0, 'green'],
    [4.9, 'green'],
    [5, 'yellow'],
    [14.9, 'yellow'],
    [15, 'red'],
    [120, 'red'],
  ] as const)('%f minutes ago is %s', (min, color) => expect(activityColor(ago(min), now)).toBe(color));
  it('an invalid date is red', () => {
    expect(activityColor(new Date('x'), now)).toBe('red');
  });
});
