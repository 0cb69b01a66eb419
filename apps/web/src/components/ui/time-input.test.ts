import { describe, expect, it } from 'vitest';
import { completeTime, typedTime } from './time-input';

describe('24 h time input', () => {
  it('keeps digits and one colon, and puts the colon after the hours', () => {
    expect(typedTime('0930')).toBe('09:30');
    expect(typedTime('21:45')).toBe('21:45');
    expect(typedTime('9:3')).toBe('9:3');
    expect(typedTime('12')).toBe('12');
    expect(typedTime('123')).toBe('12:3');
    expect(typedTime('9:30 p. m.')).toBe('9:30');
    expect(typedTime('10:30:15')).toBe('10:30');
  });

  it('completes on leaving: 9:5 → 09:05, 9 → 09:00; never an AM/PM', () => {
    expect(completeTime('9:5')).toBe('09:05');
    expect(completeTime('9')).toBe('09:00');
    expect(completeTime('21:00')).toBe('21:00');
    expect(completeTime('')).toBe('');
    expect(completeTime('ab')).toBe('ab');
  });

  it('to the second: 093015 → 09:30:15, 9:5 → 09:05:00 on leaving', () => {
    expect(typedTime('093015', true)).toBe('09:30:15');
    expect(typedTime('09:301', true)).toBe('09:30:1');
    expect(typedTime('10:30:15:99', true)).toBe('10:30:15');
    expect(completeTime('9:5', true)).toBe('09:05:00');
    expect(completeTime('18:30:5', true)).toBe('18:30:05');
    expect(completeTime('18:30:05')).toBe('18:30:05');
  });
});
