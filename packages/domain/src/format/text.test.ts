import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldChars, foldText } from './index';

describe('foldText', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(foldText('  José   HERNÁNDEZ Ñuñez ')).toBe('jose hernandez nunez');
    expect(foldText('Pachuca de Soto')).toBe('pachuca de soto');
  });
  it('folds a decomposed accent too (composed first)', () => {
    expect(foldText('Jose\u0301 Pen\u0303a')).toBe('jose pena');
  });
});

describe('foldChars (the map SQL airlink_fold applies)', () => {
  it('maps each accented Latin-1 letter to its base letter, one for one', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
    for (const [i, c] of [...FOLD_FROM].entries()) {
      expect(FOLD_TO[i]).toBe(c.normalize('NFD')[0]!.toLowerCase());
    }
    expect(foldChars(FOLD_FROM)).toBe(FOLD_TO);
  });
  it('lowers ASCII letters and leaves every other character, spaces included, as it is', () => {
    expect(foldChars('ÁRBOL  Peña\tÜ')).toBe('arbol  pena\tu');
    expect(foldChars('Ø ß ΣΩ 😀 123 %_')).toBe('Ø ß ΣΩ 😀 123 %_');
  });
});
