import {
  PAYMENT_PLACES,
  type Account,
  type CustomerPayment,
  type PaymentResult,
  type PendingMovement,
  type ReceiptDetail,
} from '@airlink/domain';

/** Test data of the payments area (contract 7 is Ana López, $300 a month, paid until 2026-06-15). */
export const GUID = '3f2b8c1e-5d4a-4b7c-9e8f-0a1b2c3d4e5f';

export function makePaymentResult(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return {
    id: 91,
    guid: GUID,
    reciboId: 123,
    idCliente: 7,
    fechaPago: '2026-06-20T18:05:00.000Z',
    fechaInicio: '2026-06-16',
    fechaFinalizacion: '2026-07-15',
    monto: 300,
    montoBase: 300,
    mesesCubiertos: 1,
    idCuenta: 4,
    referencia: '',
    nota: '',
    reconexion: false,
    facturar: false,
    abono: false,
    saldoAFavor: 0,
    idMovimientoFinanciero: null,
    repetido: false,
    ...overrides,
  };
}

export function makeMovement(id: number, overrides: Partial<PendingMovement> = {}): PendingMovement {
  return {
    id,
    referencia: `SPEI ${1000 + id}`,
    fechaRealizacion: '2026-06-18',
    monto: 383,
    idCuenta: 6,
    cuenta: 'Banamex Airlink',
    descripcion: 'Depósito',
    ...overrides,
  };
}

export function makeReceipt(overrides: Partial<ReceiptDetail> = {}): ReceiptDetail {
  return {
    id: 123,
    clienteId: 7,
    guid: GUID,
    idcliente: '260012AnaLopezHidalgo12Centro',
    nombre: 'Ana López',
    direccion: 'Hidalgo 12',
    colonia: 'Centro',
    comunidad: 'Tizayuca',
    monto: 383,
    montoLetra: 'TRESCIENTOS OCHENTA Y TRES PESOS 00/100 M.N.',
    montoContrato: 300,
    fechaPago: '2026-06-20T18:05:00.000Z',
    fechaInicio: '2026-06-16',
    fechaFinalizacion: '2026-07-15',
    idCuenta: 6,
    cuenta: 'Banamex Airlink',
    referencia: 'SPEI 1001',
    nota: '',
    reconexion: true,
    facturar: true,
    abono: false,
    mesesCubiertos: 1,
    saldoAFavor: 0,
    cajero: 'Usuario Nivel 16',
    urlPortal: '',
    ...overrides,
  };
}

export function makeCustomerPayment(id: number, overrides: Partial<CustomerPayment> = {}): CustomerPayment {
  return {
    id,
    guid: GUID,
    reciboId: 123,
    fechaPago: '2026-06-20T18:05:00.000Z',
    fechaInicio: '2026-06-16',
    fechaFinalizacion: '2026-07-15',
    monto: 300,
    idCuenta: 4,
    cuenta: 'Oficina Aurrera',
    referencia: '',
    nota: '',
    reconexion: false,
    facturar: false,
    abono: false,
    mesesCubiertos: 1,
    saldoAFavor: 0,
    factura: null,
    ...overrides,
  };
}

/** GET /api/cuentas as the seed stores it (Administración's order): the payment places. */
export const paymentAccounts: Account[] = PAYMENT_PLACES.map((p, i) => ({
  id: p.id,
  nombre: p.nombre,
  grupo: p.group,
  activo: true,
  orden: i + 1,
}));
