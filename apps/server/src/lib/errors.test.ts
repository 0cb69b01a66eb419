import { describe, expect, it } from 'vitest';
import { AppError, conflict, errorBody } from './errors';

describe('API errors carry only the domain codes', () => {
  it('errorBody is the error shape, details only when given', () => {
    expect(errorBody('not_found', 'No existe.')).toEqual({ error: 'not_found', message: 'No existe.' });
    expect(errorBody('validation', 'Revisa', { monto: ['Falta'] })).toEqual({
      error: 'validation',
      message: 'Revisa',
      details: { monto: ['Falta'] },
    });
  });

  it('a code outside API_ERROR_CODES does not compile', () => {
    const err = conflict('slot_taken', 'Ocupado');
    expect([err.statusCode, err.code]).toEqual([409, 'slot_taken']);
    // @ts-expect-error a misspelt code is a type error
    expect(new AppError(409, 'slot_takn', 'x').code).toBe('slot_takn');
  });
});
