import { describe, expect, it } from 'vitest';
import { businessSettingsInputSchema, calendarOf, DEFAULT_BUSINESS_SETTINGS } from './business-settings';
import { companyInputSchema } from './company';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('business settings (PUT /api/configuracion)', () => {
  const ok = {
    festivos: [
      { fecha: '2026-12-31', nombre: 'Fin de año' },
      { fecha: '2026-12-24', nombre: ' Nochebuena ' },
    ],
    diasHabiles: [5, 1, 2, 3, 4, 1],
    listaSuspension: 'morosos',
  };

  it('sorts holidays and weekdays, trims names', () => {
    expect(businessSettingsInputSchema.parse(ok)).toEqual({
      festivos: [
        { fecha: '2026-12-24', nombre: 'Nochebuena' },
        { fecha: '2026-12-31', nombre: 'Fin de año' },
      ],
      diasHabiles: [1, 2, 3, 4, 5],
      listaSuspension: 'morosos',
    });
  });

  it.each([
    [{ festivos: [{ fecha: '2026-02-30', nombre: 'x' }] }, 'La fecha del día festivo no es válida (AAAA-MM-DD)'],
    [{ festivos: [{ fecha: '2026-12-24', nombre: '' }] }, 'Escribe el nombre del día festivo'],
    [
      {
        festivos: [
          { fecha: '2026-12-24', nombre: 'a' },
          { fecha: '2026-12-24', nombre: 'b' },
        ],
      },
      'El 2026-12-24 ya está en la lista',
    ],
    [{ diasHabiles: [] }, 'Elige al menos un día hábil'],
    [{ diasHabiles: [7] }, 'Los días hábiles son números del 0 (domingo) al 6 (sábado)'],
    [{ listaSuspension: '' }, 'Escribe el nombre de la lista de suspensión'],
    [{ listaSuspension: 'con espacio' }, 'La lista de suspensión: usa letras, números, punto, guion o guion bajo'],
  ])('refuses %j', (change, message) => {
    expect(messages(businessSettingsInputSchema.safeParse({ ...ok, ...change }))).toContain(message);
  });

  it('the default calendar is Monday to Friday with no own holidays', () => {
    expect(calendarOf(DEFAULT_BUSINESS_SETTINGS)).toEqual({ businessWeekdays: [1, 2, 3, 4, 5], holidays: [] });
    expect(DEFAULT_BUSINESS_SETTINGS.listaSuspension).toBe('airlink-cortados');
  });
});

describe('company data (PUT /api/empresa)', () => {
  const ok = { nombreComercial: 'AirLink', rfc: 'ati150312kx4', direccion: 'Centro', telefonos: ['779 796 1000'] };
  it('upper-cases the RFC and fills the optional texts', () => {
    expect(companyInputSchema.parse(ok)).toMatchObject({ rfc: 'ATI150312KX4', logo: '', email: '' });
  });
  it.each([
    [{ rfc: 'ABC' }, 'RFC inválido: 12 o 13 caracteres, como ATI150312KX4'],
    [{ nombreComercial: '' }, 'Escribe el nombre comercial'],
    [{ telefonos: [] }, 'Escribe al menos un teléfono'],
    [{ telefonos: ['12'] }, 'Teléfono inválido: de 7 a 20 caracteres, con dígitos, espacios, guiones o paréntesis'],
    [{ email: 'no-es-correo' }, 'Correo inválido'],
    [{ logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'El logotipo debe ser una imagen PNG, JPG o WebP de hasta 300 KB'],
    [
      { logo: `data:image/png;base64,${'A'.repeat(420_000)}` },
      'El logotipo debe ser una imagen PNG, JPG o WebP de hasta 300 KB',
    ],
  ])('refuses %j', (change, message) => {
    expect(messages(companyInputSchema.safeParse({ ...ok, ...change }))).toContain(message);
  });
  it('accepts a small PNG logo', () => {
    expect(companyInputSchema.safeParse({ ...ok, logo: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
  });
});
