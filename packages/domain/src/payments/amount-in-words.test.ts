import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words';

describe('amount in words (receipts)', () => {
  it('writes common monthly amounts', () => {
    expect(amountInWords(300)).toBe('TRESCIENTOS PESOS 00/100 M.N.');
    expect(amountInWords(383)).toBe('TRESCIENTOS OCHENTA Y TRES PESOS 00/100 M.N.');
    expect(amountInWords(1972.5)).toBe('MIL NOVECIENTOS SETENTA Y DOS PESOS 50/100 M.N.');
    expect(amountInWords(100)).toBe('CIEN PESOS 00/100 M.N.');
    expect(amountInWords(121)).toBe('CIENTO VEINTIÚN PESOS 00/100 M.N.');
  });

  it('handles one, thousands and millions', () => {
    expect(amountInWords(1)).toBe('UN PESO 00/100 M.N.');
    expect(amountInWords(0.5)).toBe('CERO PESOS 50/100 M.N.');
    expect(integerInWords(21_000)).toBe('VEINTIÚN MIL');
    expect(integerInWords(2_300_016)).toBe('DOS MILLONES TRESCIENTOS MIL DIECISÉIS');
    expect(amountInWords(1_000_000)).toBe('UN MILLÓN DE PESOS 00/100 M.N.');
  });

  it('refuses numbers out of range', () => {
    expect(() => integerInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
  });
});
