import { describe, expect, it } from 'vitest';
import { bankAccountText } from './company';

describe('bankAccountText', () => {
  it('writes the bank, the CLABE and the holder out for a customer', () => {
    expect(bankAccountText({ banco: 'BBVA', clabe: '012290001234567891', titular: 'AirLink SA de CV' })).toBe(
      'BBVA, CLABE 012290001234567891, a nombre de AirLink SA de CV',
    );
  });

  it('leaves blank parts out, with no stray commas', () => {
    expect(bankAccountText({ banco: ' Banorte ', clabe: '', titular: 'Ricardo Sánchez' })).toBe(
      'Banorte, a nombre de Ricardo Sánchez',
    );
    expect(bankAccountText({ banco: '', clabe: '072290001234567890', titular: '' })).toBe('CLABE 072290001234567890');
  });
});
