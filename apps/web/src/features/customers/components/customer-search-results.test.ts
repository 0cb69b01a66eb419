import { describe, expect, it } from 'vitest';
import { placeUnder } from './customer-search-results';

const box = (left: number, right: number, bottom = 48) => ({ left, right, bottom, top: bottom - 40 }) as DOMRect;

describe('placeUnder (where the navbar search list goes)', () => {
  it('lines its right edge up with the box on a wide window, 6 px under it', () => {
    expect(placeUnder(box(900, 1160), 1366)).toEqual({ top: 54, left: 700, width: 460 });
  });

  it('stays 8 px inside the window on a phone: narrower than 460 and never off the left edge', () => {
    expect(placeUnder(box(48, 250, 56), 390)).toEqual({ top: 62, left: 8, width: 374 });
  });

  it('never goes past the right edge either', () => {
    expect(placeUnder(box(900, 1366), 1366)).toEqual({ top: 54, left: 898, width: 460 });
  });
});
