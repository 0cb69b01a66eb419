import type { Contract, CustomerListItem, LogEntry } from '@airlink/domain';

/** Test data of the customers area. */
export function makeContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 7,
    idcliente: '260012AnaLopezHidalgo12Centro',
    numeroCliente: 7,
    nombre: 'Ana López',
    calle: 'Hidalgo',
    numero: '12',
    colonia: 'Centro',
    comunidad: 'Tizayuca',
    estado: 'Hidalgo',
    cp: '43800',
    telefono: '7711234567',
    email: 'ana@example.com',
    tipo: 1,
    tipoNombre: 'Residencial hasta 3 Mbps',
    no: 12,
    monto: 300,
    costoInstalacion: 1300,
    mac: '',
    fechaContratacion: '2026-01-15',
    idGrupo: 0,
    cortado: false,
    facturar: false,
    fechaAgenda: null,
    activo: true,
    fechaCancelacion: null,
    motivoCancelacion: null,
    fechaFin: '2026-06-15',
    saldoAFavor: 0,
    diasRetraso: 0,
    mesesRetraso: 0,
    fechaCorte: '2026-06-18',
    idRouter: null,
    usuarioPppoe: '',
    ipCliente: '',
    tienePasswordPppoe: false,
    estadoRed: null,
    estadoRedMensaje: null,
    estadoRedFecha: null,
    version: 3,
    createdAt: '2026-01-15T17:00:00.000Z',
    updatedAt: '2026-01-15T17:00:00.000Z',
    ...overrides,
  };
}

export function makeListItem(id: number, overrides: Partial<CustomerListItem> = {}): CustomerListItem {
  return {
    id,
    idcliente: `26${String(id).padStart(4, '0')}Cliente${id}Calle${id}Centro`,
    nombre: `Cliente ${id}`,
    calle: `Calle ${id}`,
    numero: String(id),
    colonia: 'Centro',
    comunidad: 'Tizayuca',
    telefono: '7710000000',
    tipo: 1,
    monto: 300,
    no: id,
    fechaContratacion: '2026-01-01',
    cortado: false,
    activo: true,
    fechaFin: '2026-12-01',
    diasRetraso: 0,
    ...overrides,
  };
}

export function makeLogEntry(id: number, overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id,
    idCliente: 7,
    idcliente: '260012AnaLopezHidalgo12Centro',
    log1: `Registro ${id}`,
    usuario: 'Usuario Nivel 16',
    fechaCreacion: '2026-03-02T18:30:00.000Z',
    ...overrides,
  };
}
