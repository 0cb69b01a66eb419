import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, isApiErrorCode } from './error-codes';

describe('API error codes (one typed list for server and web)', () => {
  it('are unique snake_case codes', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
  it('tells our codes from anything else an answer may carry', () => {
    expect(isApiErrorCode('version_conflict')).toBe(true);
    expect(isApiErrorCode('movement_used')).toBe(true);
    expect(isApiErrorCode('version-conflict')).toBe(false);
    expect(isApiErrorCode('Bad Gateway')).toBe(false);
    expect(isApiErrorCode(409)).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });
});
