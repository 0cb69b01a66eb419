import { describe, expect, it } from 'vitest';
import { containsPattern, prefixPattern } from './like';

describe('LIKE patterns', () => {
  it('a prefix pattern ends with % and escapes %, _ and \\ of the text', () => {
    expect(prefixPattern('maria hernandez')).toBe('maria hernandez%');
    expect(prefixPattern('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
  });

  it('a contains pattern wraps the escaped text in %', () => {
    expect(containsPattern('lopez')).toBe('%lopez%');
    expect(containsPattern('10%')).toBe('%10\\%%');
  });
});
