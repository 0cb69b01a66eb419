import { describe, expect, it } from 'vitest';
import { usesForRegime } from './catalogs';
import { checkFiscalData, type FiscalData } from './fiscal-data';
import { fiscalDataSchema } from './fiscal-data-schema';

const juan: FiscalData = {
  rfc: 'PEGJ800101AB6',
  razonSocial: 'Juan Pérez Gómez',
  regimenFiscal: '612',
  codigoPostal: '42000',
  usoCfdi: 'G03',
  email: 'Juan@Example.mx',
};

describe('fiscal data', () => {
  it('normalizes what people type: RFC and name upper case, single spaces, e-mail lower case', () => {
    const { value, errors } = checkFiscalData({
      ...juan,
      rfc: 'pegj-800101-ab6',
      razonSocial: '  juan   pérez gómez ',
    });
    expect(errors).toEqual({});
    expect(value).toEqual({ ...juan, razonSocial: 'JUAN PÉREZ GÓMEZ', email: 'juan@example.mx' });
  });

  it.each([
    [{ rfc: 'PEGJ800101AB7' }, 'rfc', 'dígito verificador'],
    [{ rfc: 'XAXX010101000' }, 'rfc', 'factura global'],
    [
      { razonSocial: 'Whirlpool SA de CV', rfc: 'WHI150301AB8', regimenFiscal: '601' },
      'razonSocial',
      'sin el régimen de capital',
    ],
    [{ regimenFiscal: '999' }, 'regimenFiscal', 'catálogo'],
    [{ regimenFiscal: '601' }, 'regimenFiscal', 'personas morales'],
    [{ rfc: 'WHI150301AB8', regimenFiscal: '605', usoCfdi: 'S01' }, 'regimenFiscal', 'personas físicas'],
    [{ codigoPostal: '4200' }, 'codigoPostal', '5 dígitos'],
    [{ regimenFiscal: '605', usoCfdi: 'G03' }, 'usoCfdi', 'no admite el uso G03'],
    [{ regimenFiscal: '616', usoCfdi: 'G03' }, 'usoCfdi', 'usa G02, S01, CP01'],
    [{ usoCfdi: 'Z99' }, 'usoCfdi', 'catálogo'],
    [{ email: 'juan@' }, 'email', 'no es válido'],
  ] as const)('%o: %s refused (%s)', (change, field, text) => {
    const { errors } = checkFiscalData({ ...juan, ...change });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(text);
  });

  it('a salaried customer (605) may ask S01 or a personal deduction, a business G03', () => {
    expect(usesForRegime('605').map((u) => u.clave)).toEqual(['D10', 'S01', 'CP01']);
    expect(usesForRegime('601').map((u) => u.clave)).toContain('G03');
    expect(checkFiscalData({ ...juan, regimenFiscal: '605', usoCfdi: 'S01' }).errors).toEqual({});
    expect(
      checkFiscalData({ ...juan, rfc: 'WHI150301AB8', razonSocial: 'WHIRLPOOL', regimenFiscal: '601' }).errors,
    ).toEqual({});
  });

  it('the route schema reports each problem on its field in Spanish and returns the normalized data', () => {
    const bad = fiscalDataSchema.safeParse({ ...juan, rfc: 'PEGJ800101AB7', codigoPostal: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message.slice(0, 20)])).toEqual([
      ['rfc', 'El dígito verificado'],
      ['codigoPostal', 'El código postal fis'],
    ]);
    expect(fiscalDataSchema.safeParse({ ...juan, extra: 1 }).success).toBe(false);
    expect(fiscalDataSchema.parse({ ...juan, email: '' }).email).toBeNull();
  });
});
