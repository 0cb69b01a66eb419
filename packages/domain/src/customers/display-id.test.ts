import { describe, expect, it } from 'vitest';
import {
  capitalizedWithoutSpaces,
  contractNumberText,
  displayId,
  displayIdPieces,
  UNAUTHORIZED_NUMBER_PLACEHOLDER,
} from './display-id';

const base = {
  nombre: 'juan pérez lópez',
  calle: 'av. hidalgo',
  numero: '12-B',
  colonia: 'el pedregal',
  fechaContratacion: '2026-03-14',
};

describe('display id (docs/api-contract.md "Customers and contracts")', () => {
  it('is the 2-digit year, the number padded to 4 digits, then name, street+number and neighbourhood capitalised without spaces', () => {
    expect(displayId({ ...base, no: 12 })).toBe('260012JuanPerezLopezAvHidalgo12BElPedregal');
  });

  it('shows a blank placeholder of four characters while the contract number is 0', () => {
    expect(UNAUTHORIZED_NUMBER_PLACEHOLDER).toBe('    ');
    expect(displayId({ ...base, no: 0 })).toBe('26    JuanPerezLopezAvHidalgo12BElPedregal');
    expect(displayIdPieces({ ...base, no: 0 })[0]).toBe('26    ');
  });

  it('keeps numbers above 9999 whole', () => {
    expect(contractNumberText(12345)).toBe('12345');
    expect(contractNumberText(7)).toBe('0007');
  });

  it('uses the year of the contract date, not today', () => {
    expect(displayIdPieces({ ...base, no: 1, fechaContratacion: '2019-12-31' })[0]).toBe('190001');
  });

  it('capitalises each word, drops accents, spaces and punctuation', () => {
    expect(capitalizedWithoutSpaces('  MARÍA  de la  o  ')).toBe('MariaDeLaO');
    expect(capitalizedWithoutSpaces('Calle 5 de Mayo #3')).toBe('Calle5DeMayo3');
    expect(capitalizedWithoutSpaces('')).toBe('');
  });
});
