import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../catalog/service-types';
import {
  CONTRACT_FORM_DEFAULTS,
  contractInputSchema,
  customerListQuerySchema,
  defaultInstallationCost,
  fullAddress,
  monthlyAmountFor,
  cancelContractSchema,
} from './contract';

const valid = {
  nombre: 'Juan Pérez',
  calle: 'Hidalgo',
  numero: '12',
  colonia: 'Centro',
  comunidad: 'Tizayuca',
  telefono: '779 123 4567',
  email: '',
  tipo: 2,
  monto: 500,
  costoInstalacion: 1500,
  mac: '',
  fechaContratacion: '2026-11-21',
};

function errors(input: unknown) {
  const r = contractInputSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('service types and amounts (docs/business-rules.md "Constants and limits")', () => {
  it('each type sets its monthly amount', () => {
    expect(SERVICE_TYPES.map((t) => [t.value, monthlyAmountFor(t.value)])).toEqual([
      [1, 300],
      [2, 500],
      [3, 800],
      [4, 1200],
      [5, 500],
      [6, 1000],
      [7, 1700],
      [8, 2300],
    ]);
    expect(monthlyAmountFor(9)).toBeUndefined();
  });

  it('installation cost defaults to monthly + 1000; the form starts at type 1, 300, 1300', () => {
    expect(defaultInstallationCost(800)).toBe(1800);
    expect(CONTRACT_FORM_DEFAULTS).toEqual({ tipo: 1, monto: 300, costoInstalacion: 1300 });
  });
});

describe('contract payload', () => {
  it('accepts a complete payload and normalises phone, MAC and defaults', () => {
    const parsed = contractInputSchema.parse({ ...valid, mac: 'aa-bb-cc-dd-ee-0f', fechaAgenda: null });
    expect(parsed.telefono).toBe('7791234567');
    expect(parsed.mac).toBe('AA:BB:CC:DD:EE:0F');
    expect(parsed.estado).toBe('Hidalgo');
    expect(parsed.idGrupo).toBe(0);
    expect(parsed.facturar).toBe(false);
    expect(parsed.fechaAgenda).toBeNull();
  });

  it('requires name, street, neighbourhood, community, phone and contract date with Spanish messages', () => {
    const e = errors({ tipo: 1, monto: 300, costoInstalacion: 1300 });
    expect(e.nombre).toBe('El nombre es obligatorio');
    expect(e.calle).toBe('La calle es obligatoria');
    expect(e.colonia).toMatch(/obligatori/);
    expect(e.comunidad).toMatch(/obligatori/);
    expect(e.telefono).toMatch(/teléfono/i);
    expect(e.fechaContratacion).toMatch(/fecha de contratación/i);
  });

  it('refuses blank text that is only spaces', () => {
    expect(errors({ ...valid, nombre: '   ' }).nombre).toBe('El nombre es obligatorio');
  });

  it('refuses negative, non-numeric, absurd and sub-centavo amounts', () => {
    expect(errors({ ...valid, monto: -1 }).monto).toBe('La mensualidad debe ser 0 o mayor');
    expect(errors({ ...valid, monto: 'abc' }).monto).toBe('La mensualidad debe ser un número');
    expect(errors({ ...valid, costoInstalacion: 1e9 }).costoInstalacion).toMatch(/no puede pasar de/);
    expect(errors({ ...valid, monto: 300.555 }).monto).toMatch(/dos decimales/);
    expect(contractInputSchema.parse({ ...valid, monto: '450.50' }).monto).toBe(450.5);
  });

  it('refuses unknown service types', () => {
    expect(errors({ ...valid, tipo: 9 }).tipo).toBe('Tipo de servicio desconocido');
    expect(errors({ ...valid, tipo: 'x' }).tipo).toBe('Elige un tipo de servicio');
  });

  it('checks phone, e-mail, postal code, MAC and dates', () => {
    expect(errors({ ...valid, telefono: '12345' }).telefono).toBe('El teléfono debe tener 10 dígitos');
    expect(errors({ ...valid, email: 'no-es-correo' }).email).toBe('Correo inválido');
    expect(errors({ ...valid, cp: '4380' }).cp).toBe('El código postal debe tener 5 dígitos');
    expect(errors({ ...valid, mac: 'zz:zz' }).mac).toMatch(/MAC/);
    expect(errors({ ...valid, fechaContratacion: '2026-02-30' }).fechaContratacion).toBe(
      'La fecha de contratación no es válida',
    );
    expect(errors({ ...valid, fechaAgenda: 'mañana' }).fechaAgenda).toBe('La fecha de agenda no es válida');
  });

  it('keeps HTML and SQL as plain text', () => {
    const nombre = `<script>alert(1)</script>'; DROP TABLE contratos; --`;
    expect(contractInputSchema.parse({ ...valid, nombre }).nombre).toBe(nombre);
  });

  it('a cancellation needs a reason of at least 5 characters', () => {
    expect(cancelContractSchema.safeParse({ motivo: ' no ' }).success).toBe(false);
    expect(cancelContractSchema.parse({ motivo: 'Se mudó de ciudad' }).motivo).toBe('Se mudó de ciudad');
  });
});

describe('customer list query', () => {
  it('defaults to the first page of 10, newest first, every state', () => {
    expect(customerListQuerySchema.parse({})).toMatchObject({
      page: 0,
      pageSize: 10,
      sort: 'id',
      dir: 'desc',
      estado: 'todos',
      all: false,
    });
  });

  it('caps the page size and refuses unknown sorts and states', () => {
    expect(customerListQuerySchema.safeParse({ pageSize: '500' }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ estado: 'morosos' }).success).toBe(false);
    expect(customerListQuerySchema.parse({ all: 'true' }).all).toBe(true);
  });
});

describe('full address', () => {
  it('joins street and number, neighbourhood, community, state and postal code', () => {
    expect(
      fullAddress({
        calle: 'Hidalgo',
        numero: '12',
        colonia: 'Centro',
        comunidad: 'Tizayuca',
        estado: 'Hidalgo',
        cp: '43800',
      }),
    ).toBe('Hidalgo 12, Centro, Tizayuca, Hidalgo, C.P. 43800');
    expect(
      fullAddress({
        calle: 'Hidalgo',
        numero: '',
        colonia: 'Centro',
        comunidad: 'Tizayuca',
        estado: 'Hidalgo',
        cp: '',
      }),
    ).toBe('Hidalgo, Centro, Tizayuca, Hidalgo');
  });
});
