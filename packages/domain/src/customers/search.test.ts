import { describe, expect, it } from 'vitest';
import { matchesSearch, MAX_SEARCH_WORDS, searchTextOf, searchWords } from './search';

describe('customer search (docs/business-rules.md "Screens")', () => {
  it('splits on white space, folds case and accents, drops duplicates', () => {
    expect(searchWords('  José   HERNÁNDEZ\tjose ')).toEqual(['jose', 'hernandez']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('uses at most the first words', () => {
    const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('needs every word to match some field', () => {
    const fields = ['José Hernández', 'Av. Juárez', 'Tizayuca', '7791234567'];
    expect(matchesSearch(fields, 'jose tizayuca')).toBe(true);
    expect(matchesSearch(fields, 'HERNANDEZ juarez 779')).toBe(true);
    expect(matchesSearch(fields, 'jose pachuca')).toBe(false);
    expect(matchesSearch(fields, '')).toBe(false);
  });

  it('matches parts of words, not only whole words', () => {
    expect(matchesSearch(['Hernández'], 'nand')).toBe(true);
  });

  it('search text holds the fields and the display id pieces, folded', () => {
    const text = searchTextOf({
      nombre: 'José Hernández',
      calle: 'Juárez',
      numero: '5',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      telefono: '7791234567',
      email: 'JOSE@MAIL.MX',
      no: 42,
      fechaContratacion: '2025-01-02',
    });
    expect(text).toContain('jose hernandez');
    expect(text).toContain('jose@mail.mx');
    expect(text).toContain('250042');
    expect(text).toContain('josehernandez');
    expect(text).toContain('juarez5');
    expect(text).not.toMatch(/[A-ZÁÉÍÓÚ]/);
  });

  it('search text of an unauthorized contract has no run of blanks', () => {
    const text = searchTextOf({
      nombre: 'Ana',
      calle: 'Uno',
      numero: '',
      colonia: 'Dos',
      comunidad: 'Tres',
      telefono: '',
      email: '',
      no: 0,
      fechaContratacion: '2026-01-01',
    });
    expect(text).not.toMatch(/\s{2}/);
    expect(text.split(' ')).toContain('26');
  });
});
