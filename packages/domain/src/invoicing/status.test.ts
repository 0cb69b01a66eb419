import { describe, expect, it } from 'vitest';
import { pacErrorMeaning } from './status';

describe('PAC errors in Spanish', () => {
  it.each([
    [
      { code: 'tax_address_zip_mismatch' },
      'datos',
      'el código postal no corresponde al RFC en el SAT: pide al cliente su constancia de situación fiscal',
    ],
    [{ code: 'legal_name_mismatch' }, 'datos', 'el nombre no corresponde al RFC'],
    [{ code: 'tax_id_not_found' }, 'datos', 'el RFC no está en la lista'],
    [{ code: 'tax_system_not_allowed_for_tax_id' }, 'datos', 'el régimen fiscal no corresponde'],
    // A stamping rejection: decided by the path, whichever root code (the docs and a real payload disagree).
    [
      { code: 'invoice_stamping_failed', errors: [{ code: 'CFDI40148', source: 'pac', path: 'customer.address.zip' }] },
      'datos',
      'el código postal no corresponde',
    ],
    [
      {
        code: 'invoice_stamping_validation_error',
        errors: [{ code: 'CFDI40145', source: 'pac', path: 'customer.legal_name' }],
      },
      'datos',
      'el nombre no corresponde',
    ],
    [
      { code: 'invoice_stamping_failed', errors: [{ code: 'CFDI40161', source: 'pac', path: 'use' }] },
      'datos',
      'el uso del CFDI no corresponde',
    ],
    [{ code: 'api_key_invalid', status: 401 }, 'configuracion', 'Administración › Facturación'],
    [{ code: 'rate_limit_exceeded', status: 429 }, 'transitorio', 'esperar'],
    [{ status: 503 }, 'transitorio', 'no está disponible'],
    [{ status: 401 }, 'configuracion', 'rechazó la llave'],
    [
      { status: 400, code: 'invalid_request', message: 'El campo "x" es requerido.' },
      'datos',
      'El campo "x" es requerido.',
    ],
  ] as const)('%o → %s', (body, kind, text) => {
    const meaning = pacErrorMeaning(body);
    expect(meaning.kind).toBe(kind);
    expect(meaning.motivo).toContain(text);
  });

  it('no answer at all is retried', () => {
    expect(pacErrorMeaning(null)).toEqual({ kind: 'transitorio', motivo: 'el PAC no respondió: se reintentará' });
  });
});
