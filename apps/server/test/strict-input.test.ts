import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { formatTime, searchTextOf } from '@airlink/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contratos, devices, portalSessions, routers, sites } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { createTestApp, type TestApp } from './test-app';

/**
 * Strict input over the whole API (issue 10, part 5): every mutating route, enumerated from Fastify's
 * own route list, is fed malformed values field by field, malformed ids in its path and malformed
 * bodies; each answer must be a 4xx with a Spanish `{ error, message }`, never a 5xx, and the database
 * must be exactly as it was. A valid request per route then proves the malformed value was the reason.
 */

// Tuesday 2026-11-24 12:00 in Mexico City.
const NOW = new Date('2026-11-24T18:00:00Z');
const TODAY = '2026-11-24';
/** GET routes that change data (the spec's authorize call). */
const MUTATING_GETS = new Set(['/api/contratos/:id/authorize']);

type Kind =
  'id' | 'int' | 'money' | 'text' | 'longtext' | 'bool' | 'date' | 'datetime' | 'enum' | 'ignored' | 'ids' | 'uuid-ish';
interface Field {
  kind: Kind;
  nullable?: boolean;
}
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Valid values of the path parameters. */
  params?: () => Record<string, string>;
  /** A valid body; each field of `fields` is replaced in turn by malformed values. */
  body?: () => Record<string, unknown>;
  fields?: Record<string, Field>;
  /** The statuses the valid request may get (it passed validation), or 'skip' when it cannot be sent here. */
  valid: number[] | 'skip';
  public?: boolean;
  /** A customer portal route: sent with a portal session's cookie instead of a staff token. */
  portal?: boolean;
}

/** Raw JSON texts, malformed for a field of each kind (raw so that 1e999 and lone surrogates travel as sent). */
const BAD: Record<Kind, string[]> = {
  id: [
    '"31"',
    '"0x1F"',
    'true',
    'false',
    '0',
    '-1',
    '1.5',
    '2147483648',
    '1e999',
    '-1e999',
    '{}',
    '[1]',
    '"\\ud800"',
    '""',
  ],
  int: ['"1"', '"0x1F"', 'true', '1.5', '-1', '1e999', '9007199254740993', '{}', '[1]', '"\\udc00"'],
  money: [
    '"0x1F"',
    'true',
    '"-5"',
    '-1',
    '1.001',
    '"1e3"',
    '" 5"',
    '"5,00"',
    '1e999',
    '-1e999',
    '99999999999999',
    '{}',
    '[300]',
    '"\\ud800"',
  ],
  text: [
    '123',
    'true',
    '{}',
    '["a"]',
    '"\\ud800"',
    '"a\\udfffb"',
    '"a\\u0000b"',
    '"\\u001b[31m"',
    '"x\\u0085"',
    '"x\\u007f"',
    `"${'x'.repeat(5000)}"`,
  ],
  longtext: ['123', 'true', '{}', '"\\ud800"', '"a\\u0000b"', '"a\\u0008b"'],
  bool: ['"true"', '1', '0', '"sí"', '{}', '"\\ud800"'],
  // Absurd dates (a year 0 PostgreSQL cannot store, a month 99, a February 30th, years past 2099) included.
  date: [
    '"2026-02-30"',
    '"2024-02-30"',
    '"0000-01-01"',
    '"9999-99-99"',
    '"9999-12-31"',
    '"ayer"',
    '20261124',
    'true',
    '{}',
    '"\\ud800"',
  ],
  datetime: [
    '"2026-12-07 10:30"',
    '"ayer"',
    '1765125000000',
    'true',
    '"2026-12-07T25:00"',
    '"0000-01-01T00:00:00"',
    '"0000-01-01T00:00:00Z"',
    '"9999-99-99T10:30:00"',
    '"2024-02-30T10:30:00"',
    '"\\ud800"',
    '{}',
  ],
  enum: ['"Otro"', '1', 'true', '"\\ud800"', '{}'],
  ignored: ['"\\ud800"', '"a\\u0000b"', '{"k\\u0001":1}', '["\\udfff"]'],
  ids: ['["1"]', '[true]', '[0]', '"1"', '[1e999]', '[null]', '{}'],
  'uuid-ish': ['123', 'true', '"\\ud800"', '"a\\u0000b"'],
};
const BAD_IDS = [
  '0x10',
  '%201',
  '0',
  '-1',
  '01',
  '1e3',
  '+1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%ED%A0%80',
  '%E2%80%AE1',
  '9'.repeat(150),
];

let t: TestApp;
let admin: string;
/** A customer portal session of 'Cliente A' (the portal routes' cases). */
const portalToken = randomUUID();
const routes = new Set<string>();
/** GET routes whose query string reads a date (`desde`, `hasta`, `fecha`), from their schemas. */
const queryDateRoutes = new Set<string>();
const ids = {
  contract: 0,
  contractB: 0,
  ticket: 0,
  user: 0,
  notification: '',
  cashClose: 0,
  site: 0,
  router: 0,
  device: 0,
  apiKey: 0,
};

const EMPLOYEE = () => ({
  nombre: 'Érika',
  apellido: 'Islas Trejo',
  email: 'erika.estricta@test.mx',
  telefono: '7711234567',
  departamento: 'Ventas',
  puesto: 'Promotor',
  fechaIngreso: '2024-03-01',
  salario: 9600,
  diasVacaciones: 12,
  estado: 'activo',
  direccion: 'Calle Acueducto 15, Zempoala',
  emergenciaContacto: 'Hugo Islas',
  emergenciaTelefono: '7717654321',
});

const CONTRACT = () => ({
  nombre: 'Cliente Estricto',
  calle: 'Av. Juárez',
  numero: '12',
  colonia: 'Centro',
  comunidad: 'Tizayuca',
  estado: 'Hidalgo',
  cp: '43800',
  telefono: '7791234567',
  email: 'cliente@example.mx',
  tipo: 1,
  monto: 300,
  costoInstalacion: 1300,
  mac: 'AA:BB:CC:DD:EE:FF',
  fechaContratacion: '2026-11-01',
  idGrupo: 0,
  facturar: false,
  fechaAgenda: '2026-12-07T10:30:00',
});
const CONTRACT_FIELDS: Record<string, Field> = {
  nombre: { kind: 'text' },
  calle: { kind: 'text' },
  numero: { kind: 'text' },
  colonia: { kind: 'text' },
  comunidad: { kind: 'text' },
  estado: { kind: 'text' },
  cp: { kind: 'text' },
  telefono: { kind: 'text' },
  email: { kind: 'text' },
  tipo: { kind: 'int' },
  monto: { kind: 'money' },
  costoInstalacion: { kind: 'money' },
  mac: { kind: 'text' },
  fechaContratacion: { kind: 'date' },
  idGrupo: { kind: 'int' },
  facturar: { kind: 'bool' },
  fechaAgenda: { kind: 'datetime', nullable: true },
  idRouter: { kind: 'id', nullable: true },
  usuarioPppoe: { kind: 'text' },
  ipCliente: { kind: 'text' },
  idCliente: { kind: 'ignored' },
  no: { kind: 'ignored' },
};
const CSV = 'fecha,monto,referencia,descripcion\n2026-11-20,300.00,REF-ESTRICTA-1,Depósito\n';
const STATEMENT = () => ({
  idCuenta: 2,
  csv: CSV,
  mapping: { fecha: 'fecha', monto: 'monto', referencia: 'referencia', descripcion: 'descripcion' },
});
const STATEMENT_FIELDS: Record<string, Field> = {
  idCuenta: { kind: 'int' },
  csv: { kind: 'longtext' },
  'mapping.fecha': { kind: 'text' },
  'mapping.monto': { kind: 'text' },
  'mapping.referencia': { kind: 'text' },
  'mapping.descripcion': { kind: 'text', nullable: true },
};

/** Every mutating route, in the order the table runs them (valid requests change data: order matters). */
const CASES: Case[] = [
  {
    method: 'POST',
    url: '/api/auth/dev-login',
    public: true,
    body: () => ({ email: 'usuario@test.mx' }),
    fields: { email: { kind: 'text' } },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/auth/exchange',
    public: true,
    body: () => ({ code: 'a'.repeat(43) }),
    fields: { code: { kind: 'text' } },
    valid: 'skip',
  },
  {
    method: 'POST',
    url: '/api/login/refresh-token',
    public: true,
    body: () => ({ token: 'x.y.z' }),
    fields: { token: { kind: 'text' } },
    valid: 'skip',
  },
  { method: 'POST', url: '/api/docs/session', valid: [204] },
  {
    method: 'POST',
    url: '/api/usuarios',
    body: () => ({ email: 'nueva@test.mx', nombre: 'Nueva', apellidos: 'Persona', idPerfilUsuario: 10 }),
    fields: {
      email: { kind: 'text' },
      nombre: { kind: 'text' },
      apellidos: { kind: 'text' },
      idPerfilUsuario: { kind: 'int' },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/usuarios/:id',
    params: () => ({ id: String(ids.user) }),
    body: () => ({ nombre: 'Ulises', apellidos: 'Usuario', idPerfilUsuario: 10, activo: true }),
    fields: {
      nombre: { kind: 'text' },
      apellidos: { kind: 'text' },
      idPerfilUsuario: { kind: 'int' },
      activo: { kind: 'bool' },
      idEmpleado: { kind: 'id', nullable: true },
    },
    valid: [200],
  },
  // Empleados: the employee of the path does not exist here, so a valid request reaches the 404.
  {
    method: 'POST',
    url: '/api/empleados',
    body: EMPLOYEE,
    fields: {
      nombre: { kind: 'text' },
      apellido: { kind: 'text' },
      email: { kind: 'text' },
      telefono: { kind: 'text' },
      departamento: { kind: 'enum' },
      puesto: { kind: 'text' },
      fechaIngreso: { kind: 'date' },
      salario: { kind: 'money' },
      diasVacaciones: { kind: 'int' },
      estado: { kind: 'enum' },
      direccion: { kind: 'text' },
      emergenciaContacto: { kind: 'text' },
      emergenciaTelefono: { kind: 'text' },
    },
    valid: [201, 409],
  },
  {
    method: 'PUT',
    url: '/api/empleados/:id',
    params: () => ({ id: '999999' }),
    body: EMPLOYEE,
    fields: {
      nombre: { kind: 'text' },
      apellido: { kind: 'text' },
      email: { kind: 'text' },
      telefono: { kind: 'text' },
      departamento: { kind: 'enum' },
      puesto: { kind: 'text' },
      fechaIngreso: { kind: 'date' },
      salario: { kind: 'money' },
      diasVacaciones: { kind: 'int' },
      estado: { kind: 'enum' },
      direccion: { kind: 'text' },
      emergenciaContacto: { kind: 'text' },
      emergenciaTelefono: { kind: 'text' },
    },
    valid: [404],
  },
  { method: 'DELETE', url: '/api/empleados/:id', params: () => ({ id: '999999' }), valid: [404] },
  {
    method: 'POST',
    url: '/api/empleados/:id/asistencias',
    params: () => ({ id: '999999' }),
    body: () => ({ date: '2026-11-20', type: 'falta', reason: 'Sin aviso', approved: false }),
    fields: { date: { kind: 'date' }, type: { kind: 'enum' }, reason: { kind: 'text' }, approved: { kind: 'bool' } },
    valid: [404],
  },
  {
    method: 'DELETE',
    url: '/api/empleados/:id/asistencias/:aid',
    params: () => ({ id: '999999', aid: '1' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/empleados/:id/vacaciones',
    params: () => ({ id: '999999' }),
    body: () => ({ startDate: '2026-12-07', endDate: '2026-12-11', type: 'vacaciones', status: 'pendiente' }),
    fields: {
      startDate: { kind: 'date' },
      endDate: { kind: 'date' },
      type: { kind: 'enum' },
      status: { kind: 'enum' },
    },
    valid: [404],
  },
  {
    method: 'PUT',
    url: '/api/empleados/:id/vacaciones/:vid',
    params: () => ({ id: '999999', vid: '1' }),
    body: () => ({ startDate: '2026-12-07', endDate: '2026-12-11', type: 'vacaciones', status: 'aprobado' }),
    fields: {
      startDate: { kind: 'date' },
      endDate: { kind: 'date' },
      type: { kind: 'enum' },
      status: { kind: 'enum' },
    },
    valid: [404],
  },
  {
    method: 'DELETE',
    url: '/api/empleados/:id/vacaciones/:vid',
    params: () => ({ id: '999999', vid: '1' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/ApiKey',
    body: () => ({
      name: 'Estricta',
      profile: 'financial',
      description: 'Conciliación',
      neverExpires: false,
      expiresAt: '2026-12-31T23:59:59',
    }),
    fields: {
      name: { kind: 'text' },
      profile: { kind: 'enum' },
      description: { kind: 'text', nullable: true },
      neverExpires: { kind: 'bool' },
      expiresAt: { kind: 'datetime', nullable: true },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/ApiKey/:id',
    params: () => ({ id: String(ids.apiKey) }),
    body: () => ({
      name: 'Estricta 2',
      profile: 'admin',
      description: 'Otra',
      neverExpires: false,
      expiresAt: '2027-01-31T12:00:00',
      isActive: true,
    }),
    fields: {
      name: { kind: 'text' },
      profile: { kind: 'enum' },
      description: { kind: 'text', nullable: true },
      neverExpires: { kind: 'bool' },
      expiresAt: { kind: 'datetime', nullable: true },
      isActive: { kind: 'bool' },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/ApiKey/:id/regenerate',
    params: () => ({ id: String(ids.apiKey) }),
    valid: [200],
  },
  { method: 'DELETE', url: '/api/ApiKey/:id', params: () => ({ id: String(ids.apiKey) }), valid: [204] },
  {
    method: 'POST',
    url: '/api/notifications',
    body: () => ({
      user: 'Aviso',
      message: 'Mensaje\nde prueba',
      url: '/dashboard',
      customerId: ids.contract,
      customerName: 'Cliente',
      color: 'red',
      icon: 'info',
      bgColor: 'white',
      recipients: { userIds: [ids.user], minLevel: 20 },
    }),
    fields: {
      user: { kind: 'text' },
      message: { kind: 'text' },
      url: { kind: 'text', nullable: true },
      customerId: { kind: 'id', nullable: true },
      customerName: { kind: 'text', nullable: true },
      color: { kind: 'text', nullable: true },
      icon: { kind: 'text', nullable: true },
      bgColor: { kind: 'text', nullable: true },
      'recipients.userIds': { kind: 'ids' },
      'recipients.minLevel': { kind: 'int' },
    },
    valid: [200],
  },
  { method: 'POST', url: '/api/notifications/:id/read', params: () => ({ id: ids.notification }), valid: [200] },
  { method: 'POST', url: '/api/notifications/read-all', valid: [200] },
  { method: 'DELETE', url: '/api/notifications/:id', params: () => ({ id: ids.notification }), valid: [204] },
  { method: 'DELETE', url: '/api/notifications', valid: [204] },
  {
    method: 'POST',
    url: '/api/ConnectedUsers/disconnect/:connectionId',
    params: () => ({ connectionId: 'AbCdEfGhIjKlMnOpQrSt' }),
    valid: [404],
  },
  { method: 'POST', url: '/api/contratos', body: CONTRACT, fields: CONTRACT_FIELDS, valid: [201] },
  {
    method: 'PUT',
    url: '/api/contratos/:id',
    params: () => ({ id: String(ids.contract) }),
    body: () => ({ ...CONTRACT(), nombre: 'Cliente Editado', version: 1 }),
    fields: { ...CONTRACT_FIELDS, version: { kind: 'int' } },
    valid: [200],
  },
  { method: 'GET', url: '/api/contratos/:id/authorize', params: () => ({ id: String(ids.contract) }), valid: [200] },
  {
    method: 'POST',
    url: '/api/Pagos/registrar',
    body: () => ({
      idCliente: ids.contract,
      monto: 300,
      idCuenta: 4,
      referencia: 'REF-1',
      nota: 'Pago\nde prueba',
      reconexion: false,
      facturar: false,
      abono: false,
      idMovimientoFinanciero: null,
      confirmarDiferencia: false,
    }),
    fields: {
      idCliente: { kind: 'id' },
      monto: { kind: 'money' },
      idCuenta: { kind: 'int' },
      referencia: { kind: 'text' },
      nota: { kind: 'text' },
      reconexion: { kind: 'bool' },
      facturar: { kind: 'bool' },
      abono: { kind: 'bool' },
      idMovimientoFinanciero: { kind: 'id', nullable: true },
      confirmarDiferencia: { kind: 'bool' },
      fechaPago: { kind: 'ignored' },
      guid: { kind: 'ignored' },
    },
    valid: [201],
  },
  {
    method: 'POST',
    url: '/api/agenda',
    body: () => ({
      idCliente: ids.contract,
      fechaEvento: '2026-12-07T10:30:00',
      accionRealizar: 'Instalación',
      titulo: 'Visita',
      descripcion: 'Llevar\nantena',
    }),
    fields: {
      idCliente: { kind: 'id' },
      fechaEvento: { kind: 'datetime' },
      accionRealizar: { kind: 'text' },
      titulo: { kind: 'text' },
      descripcion: { kind: 'text' },
    },
    valid: [201],
  },
  {
    method: 'POST',
    url: '/api/registros',
    body: () => ({ idCliente: ids.contract, idcliente: 'TIZ-1', log1: 'Llamó\npara avisar' }),
    fields: { idCliente: { kind: 'id' }, log1: { kind: 'text' }, idcliente: { kind: 'ignored' } },
    valid: [201],
  },
  {
    method: 'POST',
    url: '/api/soporte',
    body: () => ({
      idCliente: ids.contract,
      idContrato: ids.contract,
      titulo: 'Sin señal',
      observaciones: 'Desde\nayer',
      telefonoCliente: '7791234567',
      prioridad: 3,
    }),
    fields: {
      idCliente: { kind: 'id' },
      idContrato: { kind: 'id' },
      titulo: { kind: 'text' },
      observaciones: { kind: 'text' },
      telefonoCliente: { kind: 'text' },
      prioridad: { kind: 'int' },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/soporte/:id',
    params: () => ({ id: String(ids.ticket) }),
    body: () => ({ estado: 'En Progreso', prioridad: 2, asignadoA: ids.user, nota: 'Revisando\nantena' }),
    fields: {
      estado: { kind: 'enum' },
      prioridad: { kind: 'int' },
      asignadoA: { kind: 'id', nullable: true },
      nota: { kind: 'text' },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/MovimientoFinancieroGasto',
    body: () => ({
      monto: '450.50',
      descripcion: 'Luz',
      idGasto: 1,
      idCuenta: 4,
      fechaPagoProgramada: '2026-12-07',
      fechaRealizacion: null,
      estadoPago: 'Pendiente',
      nota: 'Recibo',
      esGasto: true,
      tipoGasto: 'Fijo',
      numeroServicio: '123',
      nombrePunto: 'Oficina',
      periodo: 'Noviembre',
    }),
    fields: {
      monto: { kind: 'money' },
      // Absent or null, the note stands for it (the spec's payload).
      descripcion: { kind: 'text', nullable: true },
      idGasto: { kind: 'id' },
      idCuenta: { kind: 'id' },
      fechaPagoProgramada: { kind: 'date', nullable: true },
      fechaRealizacion: { kind: 'date', nullable: true },
      estadoPago: { kind: 'enum' },
      nota: { kind: 'text' },
      esGasto: { kind: 'bool' },
      tipoGasto: { kind: 'text' },
      numeroServicio: { kind: 'text' },
      nombrePunto: { kind: 'text' },
      periodo: { kind: 'text' },
    },
    valid: [201],
  },
  {
    method: 'POST',
    url: '/api/Cuentas/movimientos/vista-previa',
    body: STATEMENT,
    fields: STATEMENT_FIELDS,
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/Cuentas/movimientos/importar',
    body: STATEMENT,
    fields: STATEMENT_FIELDS,
    valid: [200, 201],
  },
  {
    method: 'POST',
    url: '/api/cortes-caja',
    body: () => ({ idCuenta: 3, fecha: TODAY, contado: '0.00', nota: 'Sin\nmovimientos' }),
    fields: { idCuenta: { kind: 'int' }, fecha: { kind: 'date' }, contado: { kind: 'money' }, nota: { kind: 'text' } },
    valid: [201],
  },
  { method: 'POST', url: '/api/cortes-caja/:id/reabrir', params: () => ({ id: String(ids.cashClose) }), valid: [200] },
  {
    method: 'POST',
    url: '/api/contratos/:id/cortar',
    params: () => ({ id: String(ids.contractB) }),
    body: () => ({ nota: 'Falta\nde pago' }),
    fields: { nota: { kind: 'text' } },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/contratos/:id/reconectar',
    params: () => ({ id: String(ids.contractB) }),
    body: () => ({ nota: 'Pagó' }),
    fields: { nota: { kind: 'text' } },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/contratos/:id/cancelar',
    params: () => ({ id: String(ids.contractB) }),
    body: () => ({ motivo: 'Se muda\nde ciudad' }),
    fields: { motivo: { kind: 'text' } },
    valid: [200],
  },
  { method: 'POST', url: '/api/auth/logout', valid: 'skip' },
  // Network (issue 12): sites, routers, radios, reconciliation.
  {
    method: 'POST',
    url: '/api/site',
    body: () => ({
      nombre: 'Torre Estricta',
      lat: 20.1,
      lon: -98.7,
      url: 'https://unms.example.mx',
      idSite: 4,
      username: 'ubnt',
      password: 'pw',
    }),
    fields: {
      nombre: { kind: 'text' },
      url: { kind: 'text' },
      idSite: { kind: 'int' },
      username: { kind: 'text' },
      password: { kind: 'text' },
      id: { kind: 'ignored' },
      idUsuario: { kind: 'ignored' },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/site/:id',
    params: () => ({ id: String(ids.site) }),
    body: () => ({ nombre: 'Torre Estricta 2', password: '' }),
    fields: { nombre: { kind: 'text' }, idSite: { kind: 'int' }, password: { kind: 'text' } },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/MikrotikRouters',
    body: () => ({
      host: '127.0.0.1',
      port: 9,
      tls: false,
      username: 'api',
      password: 'pw',
      siteId: null,
      listaSuspension: 'airlink-cortados',
    }),
    fields: {
      host: { kind: 'text' },
      port: { kind: 'int' },
      tls: { kind: 'bool' },
      username: { kind: 'text' },
      password: { kind: 'text' },
      siteId: { kind: 'id', nullable: true },
      listaSuspension: { kind: 'text' },
      interfazTrafico: { kind: 'text' },
      ip: { kind: 'text' },
      activo: { kind: 'bool' },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/MikrotikRouters/:id',
    params: () => ({ id: String(ids.router) }),
    body: () => ({ host: '127.0.0.1', port: 9, username: 'api' }),
    fields: {
      host: { kind: 'text' },
      port: { kind: 'int' },
      username: { kind: 'text' },
      siteId: { kind: 'id', nullable: true },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/MikrotikRouters/:id/probar',
    params: () => ({ id: String(ids.router) }),
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/devices',
    body: () => ({
      hwaddr: '04:18:D6:00:00:99',
      ipaddr: '127.0.1.20',
      hostname: 'radio',
      siteid: null,
      product: 'LiteBeam',
    }),
    fields: {
      hwaddr: { kind: 'text' },
      ipaddr: { kind: 'text' },
      hostname: { kind: 'text' },
      siteid: { kind: 'id', nullable: true },
      product: { kind: 'text' },
      url: { kind: 'text' },
      password: { kind: 'text' },
    },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/devices/:id',
    params: () => ({ id: String(ids.device) }),
    body: () => ({ hwaddr: '04:18:D6:00:00:01', ipaddr: '127.0.1.21' }),
    fields: { hwaddr: { kind: 'text' }, ipaddr: { kind: 'text' }, siteid: { kind: 'id', nullable: true } },
    valid: [200],
  },
  { method: 'POST', url: '/api/routercontrol/reconciliar', valid: [200] },
  // Plans on the router (issue 23): an unknown contract is a 404 (a valid body, nothing linked).
  {
    method: 'POST',
    url: '/api/MikrotikRouters/:id/adoptar',
    params: () => ({ id: String(ids.router) }),
    body: () => ({ vinculos: [{ idContrato: 999_999, ip: '10.9.9.9' }] }),
    valid: [404],
  },
  {
    method: 'PUT',
    url: '/api/planes/:id',
    params: () => ({ id: '1' }),
    body: () => ({ nombre: 'Residencial hasta 3 Mbps', monto: 300, bajadaMbps: 3, subidaMbps: 1, rafaga: null }),
    fields: { nombre: { kind: 'text' }, monto: { kind: 'money' } },
    valid: [200],
  },
  // Reads the radio now; a radio without an address answers 200 with the Spanish reason.
  { method: 'POST', url: '/api/devices/:id/poll', params: () => ({ id: String(ids.device) }), valid: [200] },
  { method: 'DELETE', url: '/api/devices/:id', params: () => ({ id: String(ids.device) }), valid: [204] },
  { method: 'DELETE', url: '/api/MikrotikRouters/:id', params: () => ({ id: String(ids.router) }), valid: [204] },
  { method: 'DELETE', url: '/api/site/:id', params: () => ({ id: String(ids.site) }), valid: [204] },
  // Administración (issue 13).
  {
    method: 'PUT',
    url: '/api/empresa',
    body: () => ({
      nombreComercial: 'AirLink',
      razonSocial: 'AirLink Telecomunicaciones',
      rfc: 'ATI150312KX4',
      direccion: 'Av. Juárez Norte 118, Tizayuca',
      telefonos: ['779 796 1000'],
      email: 'contacto@airlink.mx',
      leyendaRecibo: 'Gracias por su pago',
      logo: '',
    }),
    fields: {
      nombreComercial: { kind: 'text' },
      razonSocial: { kind: 'text' },
      rfc: { kind: 'text' },
      direccion: { kind: 'text' },
      email: { kind: 'text' },
      leyendaRecibo: { kind: 'longtext' },
      logo: { kind: 'text' },
    },
    valid: [200],
  },
  {
    method: 'PUT',
    url: '/api/cuentas/:id',
    params: () => ({ id: '4' }),
    body: () => ({ nombre: 'Oficina Aurrera', grupo: 'tizayuca', activo: true, orden: 1 }),
    fields: { nombre: { kind: 'text' }, grupo: { kind: 'enum' }, activo: { kind: 'bool' }, orden: { kind: 'int' } },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/MovimientoFinancieroCategoria',
    body: () => ({ nombre: 'Agua estricta', icono: 'Home' }),
    fields: { nombre: { kind: 'text' }, icono: { kind: 'enum' } },
    valid: [201],
  },
  {
    method: 'PUT',
    url: '/api/MovimientoFinancieroCategoria/:id',
    params: () => ({ id: '1' }),
    body: () => ({ nombre: 'Renta', icono: 'Home' }),
    fields: { nombre: { kind: 'text' }, icono: { kind: 'enum' } },
    valid: [200],
  },
  { method: 'DELETE', url: '/api/MovimientoFinancieroCategoria/:id', params: () => ({ id: '999' }), valid: [404] },
  {
    method: 'PUT',
    url: '/api/configuracion',
    body: () => ({
      festivos: [{ fecha: '2026-12-24', nombre: 'Nochebuena' }],
      diasHabiles: [1, 2, 3, 4, 5],
      listaSuspension: 'airlink-cortados',
    }),
    fields: { listaSuspension: { kind: 'text' }, 'festivos.0.fecha': { kind: 'date' } },
    valid: [200],
  },
  // Tareas: no schedule exists here (the runner is not started), so a valid name reaches the 404.
  {
    method: 'POST',
    url: '/api/tareas/:nombre/ejecutar',
    params: () => ({ nombre: 'cortes-programados' }),
    valid: [404],
  },
  // Cortes programados: a valid run or approval passes validation and may then meet a rule (409).
  {
    method: 'PUT',
    url: '/api/cortes-programados/configuracion',
    body: () => ({ activo: false, hora: '10:00', modo: 'aprobacion', limitePorcentaje: 10 }),
    fields: {
      activo: { kind: 'bool' },
      hora: { kind: 'text' },
      modo: { kind: 'enum' },
      limitePorcentaje: { kind: 'int' },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/cortes-programados/aprobaciones',
    body: () => ({ fecha: '2026-11-25', confirmar: true }),
    fields: { fecha: { kind: 'date' }, confirmar: { kind: 'bool' } },
    valid: [201, 409],
  },
  {
    method: 'POST',
    url: '/api/cortes-programados/ejecuciones',
    body: () => ({ confirmar: false }),
    fields: { confirmar: { kind: 'bool' } },
    valid: [201, 409],
  },
  {
    method: 'POST',
    url: '/api/cortes-programados/ejecuciones/:id/deshacer',
    params: () => ({ id: '999' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/cortes-programados/ejecuciones/:id/cancelar',
    params: () => ({ id: '999' }),
    valid: [404],
  },
  {
    method: 'PUT',
    url: '/api/cortes-programados/no-cortar/:id',
    params: () => ({ id: String(ids.contract) }),
    body: () => ({ motivo: 'Hospitalizado', hasta: '2026-12-31' }),
    fields: { motivo: { kind: 'text' }, hasta: { kind: 'date' } },
    valid: [200],
  },
  { method: 'DELETE', url: '/api/cortes-programados/no-cortar/:id', params: () => ({ id: '999' }), valid: [404] },
  // Recordatorios de pago: switched off with no instance, so a valid body saves; a run while off does nothing.
  {
    method: 'PUT',
    url: '/api/recordatorios/configuracion',
    body: () => ({ activo: false, diasAntes: 3, plantilla: 'Hola {nombre}', datosCuenta: 'BBVA', instancia: '' }),
    fields: {
      activo: { kind: 'bool' },
      diasAntes: { kind: 'int' },
      plantilla: { kind: 'longtext' },
      datosCuenta: { kind: 'text' },
      instancia: { kind: 'text' },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/recordatorios/vista-previa',
    body: () => ({ plantilla: 'Hola {nombre}' }),
    fields: { plantilla: { kind: 'longtext' } },
    valid: [200],
  },
  { method: 'POST', url: '/api/recordatorios/enviar', valid: [200] },
  // Receipt by WhatsApp: no receipt 999999 here, so a valid body reaches the 404.
  {
    method: 'POST',
    url: '/api/recibos/:id/whatsapp',
    params: () => ({ id: '999999' }),
    body: () => ({ telefono: '7711234567', instancia: 'Cobranza' }),
    fields: { telefono: { kind: 'text' }, instancia: { kind: 'text' } },
    valid: [404],
  },
  // Facturación (issue 26): invoicing is off here, so the routes that need the PAC stop at 409 invoicing_off.
  {
    method: 'PUT',
    url: '/api/contratos/:id/datos-fiscales',
    params: () => ({ id: String(ids.contract) }),
    body: () => ({
      rfc: 'PEGJ800101AB6',
      razonSocial: 'Juan Pérez Gómez',
      regimenFiscal: '612',
      codigoPostal: '42000',
      usoCfdi: 'G03',
      email: 'juan@example.mx',
    }),
    fields: {
      rfc: { kind: 'text' },
      razonSocial: { kind: 'text' },
      regimenFiscal: { kind: 'text' },
      codigoPostal: { kind: 'text' },
      usoCfdi: { kind: 'text' },
      email: { kind: 'text', nullable: true },
    },
    valid: [200],
  },
  {
    method: 'POST',
    url: '/api/facturas',
    body: () => ({ idPago: 999999 }),
    fields: { idPago: { kind: 'id' } },
    valid: [409],
  },
  {
    method: 'POST',
    url: '/api/facturas/global',
    body: () => ({ periodo: '2026-10' }),
    fields: { periodo: { kind: 'text' } },
    valid: [409],
  },
  {
    method: 'POST',
    url: '/api/facturas/:id/cancelar',
    params: () => ({ id: '999999' }),
    body: () => ({ motivo: '02' }),
    fields: { motivo: { kind: 'enum' }, sustituta: { kind: 'id' } },
    valid: [404],
  },
  { method: 'POST', url: '/api/facturas/:id/actualizar', params: () => ({ id: '999999' }), valid: [404] },
  {
    method: 'POST',
    url: '/api/facturas/:id/whatsapp',
    params: () => ({ id: '999999' }),
    body: () => ({ telefono: '7711234567', instancia: 'Cobranza' }),
    fields: { telefono: { kind: 'text' }, instancia: { kind: 'text' } },
    valid: [404],
  },
  {
    method: 'PUT',
    url: '/api/facturacion/ajustes',
    body: () => ({
      activa: false,
      automatica: true,
      serie: 'F',
      serieGlobal: 'G',
      claveProducto: '81112100',
      claveUnidad: 'E48',
      codigoPostal: '43800',
    }),
    fields: {
      activa: { kind: 'bool' },
      automatica: { kind: 'bool' },
      serie: { kind: 'text' },
      serieGlobal: { kind: 'text' },
      claveProducto: { kind: 'text' },
      claveUnidad: { kind: 'text' },
      codigoPostal: { kind: 'text' },
      llave: { kind: 'text' },
    },
    valid: [200],
  },
  // Reporte diario: switched off, so no phone or instance is needed; 'Enviar ahora' without them is a 400.
  {
    method: 'PUT',
    url: '/api/reporte-diario/configuracion',
    body: () => ({ activo: false, telefono: '7711230000', hora: '20:30', instancia: '' }),
    fields: {
      activo: { kind: 'bool' },
      telefono: { kind: 'text' },
      hora: { kind: 'text' },
      instancia: { kind: 'text' },
    },
    valid: [200],
  },
  { method: 'POST', url: '/api/reporte-diario/enviar', valid: [400] },
  // WhatsApp: no instance or conversation exists here, so a valid request reaches the 404 (or 401 for a token).
  {
    method: 'POST',
    url: '/api/whatsapp/webhook/:token',
    public: true,
    params: () => ({ token: 'token-que-no-existe-0123456789' }),
    body: () => ({ event: 'messages.upsert', instance: 'Personal', data: {} }),
    fields: { event: { kind: 'text' } },
    valid: [401],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances',
    body: () => ({ department: 'Ventas', phone: '7797961001', instanceName: 'Ventas', apiKey: 'k' }),
    fields: {
      department: { kind: 'text' },
      phone: { kind: 'text' },
      instanceName: { kind: 'text' },
      apiKey: { kind: 'text' },
    },
    valid: [201, 409],
  },
  {
    method: 'PUT',
    url: '/api/whatsapp/instances/:id',
    params: () => ({ id: '999' }),
    body: () => ({ department: 'Ventas', phone: '7797961001', instanceName: 'Ventas', apiKey: 'k' }),
    fields: {
      department: { kind: 'text' },
      phone: { kind: 'text' },
      instanceName: { kind: 'text' },
      apiKey: { kind: 'text' },
    },
    valid: [404],
  },
  {
    method: 'DELETE',
    url: '/api/whatsapp/instances/:id',
    params: () => ({ id: '999' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/connect',
    params: () => ({ instance: 'Nada' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/restart',
    params: () => ({ instance: 'Nada' }),
    valid: [404],
  },
  {
    method: 'DELETE',
    url: '/api/whatsapp/instances/:instance/groups',
    params: () => ({ instance: 'Nada' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/groups',
    params: () => ({ instance: 'Nada' }),
    body: () => ({ subject: 'Grupo', description: 'x', participants: '7711111111' }),
    fields: { subject: { kind: 'text' }, description: { kind: 'longtext' }, participants: { kind: 'text' } },
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/groups/send',
    params: () => ({ instance: 'Nada' }),
    body: () => ({ groupJid: '120363000000000001@g.us', text: 'Hola' }),
    fields: { groupJid: { kind: 'text' }, text: { kind: 'longtext' } },
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/webhook',
    params: () => ({ instance: 'Personal' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/instances/:instance/send',
    params: () => ({ instance: 'Personal' }),
    body: () => ({ number: '7711234567', text: 'Hola' }),
    fields: { number: { kind: 'text' }, text: { kind: 'longtext' } },
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/conversations/:id/read',
    params: () => ({ id: '1~5217711234567@s.whatsapp.net' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/conversations/:id/history',
    params: () => ({ id: '1~5217711234567@s.whatsapp.net' }),
    valid: [404],
  },
  {
    method: 'POST',
    url: '/api/whatsapp/conversations/:id/reply',
    params: () => ({ id: '1~5217711234567@s.whatsapp.net' }),
    body: () => ({ text: 'Hola' }),
    fields: { text: { kind: 'longtext' } },
    valid: [404],
  },
  // The customer portal and online payments (issue 24).
  {
    method: 'POST',
    url: '/api/portal/codigo',
    public: true,
    body: () => ({ contrato: '12', telefono: '771 123 4567' }),
    fields: { contrato: { kind: 'text' }, telefono: { kind: 'text' } },
    valid: [202],
  },
  {
    method: 'POST',
    url: '/api/portal/sesion',
    public: true,
    body: () => ({ contrato: '12', codigo: '123456' }),
    fields: { contrato: { kind: 'text' }, codigo: { kind: 'text' } },
    valid: [401],
  },
  {
    method: 'POST',
    url: '/api/portal/tickets',
    portal: true,
    body: () => ({ asunto: 'Sin señal', descripcion: 'Desde ayer' }),
    fields: { asunto: { kind: 'text' }, descripcion: { kind: 'longtext' } },
    valid: [201],
  },
  {
    method: 'POST',
    url: '/api/portal/pagos',
    portal: true,
    body: () => ({ meses: 2 }),
    fields: { meses: { kind: 'int' } },
    // Online payments are off here.
    valid: [409],
  },
  { method: 'POST', url: '/api/portal/salir', portal: true, valid: 'skip' },
  // Refused by its signature before the body is read; the notifications' own tests send signed ones.
  { method: 'POST', url: '/api/pagos-en-linea/mercadopago', public: true, valid: 'skip' },
  {
    method: 'PUT',
    url: '/api/pagos-en-linea/configuracion',
    body: () => ({ activo: false, publicKey: 'APP_USR-pk', accessToken: 'APP_USR-1', urlPortal: 'https://pagos.mx' }),
    fields: {
      activo: { kind: 'bool' },
      publicKey: { kind: 'text' },
      accessToken: { kind: 'text' },
      webhookSecret: { kind: 'text', nullable: true },
      urlPortal: { kind: 'text' },
    },
    valid: [200],
  },
];

const key = (method: string, url: string) => `${method} ${url}`;

/** Every row of every table, hashed: any insert, update or delete shows. */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.app.ctx.db;
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    )) as unknown as { rows: Array<{ n: number; h: string }> };
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
  }
  return out;
}

const ENGLISH =
  /\b(invalid|expected|received|must|required|bad request|client error|not found|unsupported|too (big|small|large|long)|body|cannot|exceed\w*|unexpected|error)\b/i;

function expectSpanish4xx(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = res.json() as { error?: unknown; message?: unknown; details?: Record<string, string[]> };
  expect(typeof body.error, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
  expect(body.message, what).toMatch(/[a-záéíóúñ]{2}/i);
  expect(body.message, what).not.toMatch(ENGLISH);
  for (const messages of Object.values(body.details ?? {}))
    for (const m of messages) expect(m, what).not.toMatch(ENGLISH);
}

/** The body as raw JSON with `field` (dotted path) holding the raw JSON text `raw`. */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = `__RAW_${randomUUID()}__`;
  const copy = structuredClone(body);
  const path = field.split('.');
  let at = copy as Record<string, unknown>;
  for (const p of path.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
  at[path.at(-1)!] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, raw);
}

const DATE_QUERY_KEYS = new Set(['desde', 'hasta', 'fecha']);

/** The fields of a zod object schema, through its refinements and pipes. */
function shapeOf(schema: unknown): Record<string, unknown> {
  let s = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 10 && s?._zod?.def; i++) {
    const def = s._zod.def;
    if (def.type === 'object') return def.shape as Record<string, unknown>;
    s = (def.innerType ?? def.in ?? def.schema) as typeof s;
  }
  return {};
}

function urlOf(c: Case, params: Record<string, string>): string {
  return c.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
}

function send(c: Case, url: string, payload?: string, contentType = 'application/json') {
  const headers: Record<string, string> = { 'idempotency-key': `estricta-${randomUUID()}` };
  if (c.portal) headers.cookie = `airlink_portal=${portalToken}`;
  else if (!c.public) headers.authorization = `Bearer ${admin}`;
  if (payload !== undefined) headers['content-type'] = contentType;
  return t.app.inject({ method: c.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

beforeAll(async () => {
  t = await createTestApp({
    now: () => NOW,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(m) || (m === 'GET' && MUTATING_GETS.has(route.url)))
          routes.add(key(m, route.url));
      }
      const query = (route.schema as { querystring?: unknown } | undefined)?.querystring;
      if (query && Object.keys(shapeOf(query)).some((k) => DATE_QUERY_KEYS.has(k))) queryDateRoutes.add(route.url);
    },
  });
  await seedBase(t.database.db);
  admin = (await t.login('admin@test.mx')).token;
  const db = t.database.db;
  const contract = async (nombre: string) => {
    const values = {
      nombre,
      calle: 'Hidalgo',
      numero: '1',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      telefono: '7791234567',
      email: '',
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: '2026-10-01',
      pagadoHasta: '2026-10-31',
    };
    const [row] = await db
      .insert(contratos)
      .values({ ...values, searchText: searchTextOf({ ...values, no: 0 }) })
      .returning({ id: contratos.id });
    return row!.id;
  };
  ids.site = (await db.insert(sites).values({ nombre: 'Torre A' }).returning({ id: sites.id }))[0]!.id;
  ids.router = (
    await db.insert(routers).values({ host: '127.0.0.1', port: 9, username: 'api' }).returning({ id: routers.id })
  )[0]!.id;
  ids.device = (await db.insert(devices).values({ hwaddr: '04:18:D6:00:00:01' }).returning({ id: devices.id }))[0]!.id;
  ids.contract = await contract('Cliente A');
  ids.contractB = await contract('Cliente B');
  await db.insert(portalSessions).values({
    contratoId: ids.contract,
    tokenHash: createHash('sha256').update(portalToken).digest('hex'),
    expiresAt: new Date('2027-01-01T00:00:00Z'),
  });
  const users = (await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(admin) })).json() as Array<{
    id: number;
    email: string;
  }>;
  ids.user = users.find((u) => u.email === 'usuario@test.mx')!.id;
  const adminId = users.find((u) => u.email === 'admin@test.mx')!.id;
  await t.app.ctx.notifications.notify({ userIds: [adminId] }, { user: 'Prueba', message: 'Para marcar y borrar' });
  ids.notification = (
    (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(admin) })).json() as Array<{
      id: string;
    }>
  )[0]!.id;
});
afterAll(() => t?.close());

describe('strict input on every mutating route', () => {
  it('the table covers exactly the routes Fastify has (a new route must be added here)', () => {
    const table = new Set(CASES.map((c) => key(c.method, c.url)));
    expect(
      [...routes].filter((r) => !table.has(r)),
      'routes without a case',
    ).toEqual([]);
    expect(
      [...table].filter((r) => !routes.has(r)),
      'cases without a route',
    ).toEqual([]);
    expect(CASES).toHaveLength(routes.size);
  });

  for (const c of CASES) {
    it(`${c.method} ${c.url}: malformed values get a Spanish 4xx and change nothing`, async () => {
      const before = await snapshot();
      const params = c.params?.() ?? {};
      const url = urlOf(c, params);
      const body = c.body?.();
      let sent = 0;

      for (const name of Object.keys(params)) {
        for (const bad of BAD_IDS) {
          const res = await send(
            c,
            urlOf(c, { ...params, [name]: bad }),
            body === undefined ? undefined : JSON.stringify(body),
          );
          expectSpanish4xx(res, `${name}=${bad}`);
          sent++;
        }
      }

      if (c.method !== 'GET') {
        for (const [field, spec] of Object.entries(c.fields ?? {})) {
          for (const raw of [...BAD[spec.kind], ...(spec.nullable || spec.kind === 'ignored' ? [] : ['null'])]) {
            const res = await send(c, url, withRaw(body ?? {}, field, raw));
            expectSpanish4xx(res, `${field}=${raw.slice(0, 40)}`);
            sent++;
          }
        }
        const whole = body ?? {};
        const malformedBodies: Array<[string, string, string?]> = [
          ['invalid JSON', '{"a":'],
          ['JSON with a lone surrogate in an extra key', withRaw(whole, 'extra', '"\\ud800"')],
          ['JSON with a control character in a key', JSON.stringify({ ...whole, ['k\u0007']: 1 })],
          ['JSON nested 100 levels', withRaw(whole, 'extra', `${'['.repeat(100)}${']'.repeat(100)}`)],
          ['a JSON body as plain text', JSON.stringify(whole), 'text/plain'],
          ['a form body', 'a=1', 'application/x-www-form-urlencoded'],
        ];
        if (c.body)
          malformedBodies.push(['an array', '[]'], ['a string', '"texto"'], ['null', 'null'], ['a number', '123']);
        for (const [what, payload, type] of malformedBodies) {
          const res = await send(c, url, payload, type);
          expectSpanish4xx(res, what);
          sent++;
        }
      }

      expect(sent).toBeGreaterThan(0);
      expect(await snapshot()).toEqual(before);

      // The same request with valid values passes validation: what failed above was the malformed value.
      if (c.valid !== 'skip') {
        const res = await send(c, url, body === undefined ? undefined : JSON.stringify(body));
        expect(c.valid, `${c.method} ${url} valid -> ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
          res.statusCode,
        );
        if (c.url === '/api/soporte' && res.statusCode === 201) ids.ticket = res.json().id;
        if (c.url === '/api/ApiKey' && res.statusCode === 201) ids.apiKey = res.json().id;
        if (c.url === '/api/cortes-caja' && res.statusCode === 201) ids.cashClose = res.json().corte.id;
      }
    });
  }
});

describe('what the issue saw, one by one', () => {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...t.auth(admin), 'idempotency-key': `estricta-${randomUUID()}`, ...headers },
      payload: payload as object,
    });
  const contractPayload = () => ({ ...CONTRACT(), nombre: `Cliente ${randomUUID().slice(0, 8)}` });

  it('JSON numbers are not coerced: "0x1F", true and null are no amount, no fee, no id', async () => {
    const before = await snapshot();
    for (const monto of ['0x1F', true, null, '1e3', ' 300']) {
      const res = await post('/api/contratos', { ...contractPayload(), monto });
      expect(res.statusCode, String(monto)).toBe(400);
      expect(res.json().details.monto).toEqual(['La mensualidad debe ser un número']);
    }
    const hexId = await post('/api/registros', { idCliente: '0x1F', log1: 'Hola' });
    expect(hexId.json()).toMatchObject({ error: 'validation', details: { idCliente: ['Falta el cliente'] } });
    const trueType = await post('/api/contratos', { ...contractPayload(), tipo: true });
    expect(trueType.json().details.tipo).toEqual(['Elige un tipo de servicio']);
    expect(await snapshot()).toEqual(before);
    // Money may also be a decimal string with up to two decimals.
    const asText = await post('/api/contratos', { ...contractPayload(), monto: '350.50', costoInstalacion: '1350' });
    expect(asText.statusCode).toBe(201);
    expect(asText.json()).toMatchObject({ monto: 350.5, costoInstalacion: 1350 });
  });

  it('path ids are positive decimal integers read from the raw text', async () => {
    for (const id of ['0x10', '%201', '1e3', '01', '0', '-1', '2147483648']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/contratos/${id}`, headers: t.auth(admin) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message: 'Revisa la ruta: id: Id inválido' });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contratos/2147483647', headers: t.auth(admin) })).statusCode,
    ).toBe(404);
    // A receipt is a number or a guid, read as sent too.
    for (const id of ['%201', '01', '0x10']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/recibos/${id}`, headers: t.auth(admin) });
      expect(res.statusCode, id).toBe(400);
    }
    const longParam = await t.app.inject({
      method: 'GET',
      url: `/api/contratos/${'1'.repeat(200)}`,
      headers: t.auth(admin),
    });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({
      error: 'uri_too_long',
      message: 'La dirección (URL) de la solicitud es demasiado larga.',
    });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/contratos/%E0%A4%A', headers: t.auth(admin) });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      error: 'bad_request',
      message: 'La dirección (URL) de la solicitud no es válida.',
    });
  });

  it('absurd dates in a query string are a Spanish 400 on every route that reads one, never a 500', async () => {
    // [route, a valid query, the date parameters]: every GET route whose query has a date is listed.
    const DATE_QUERIES: Array<[string, string, string[]]> = [
      ['/api/agenda', '', ['desde', 'hasta']],
      ['/api/recibos', '', ['desde', 'hasta']],
      ['/api/finanzas/reporte', 'desde=2026-11-01&hasta=2026-11-24', ['desde', 'hasta']],
      ['/api/finanzas/reporte.csv', 'desde=2026-11-01&hasta=2026-11-24', ['desde', 'hasta']],
      ['/api/MovimientoFinancieroGasto', '', ['desde', 'hasta']],
      ['/api/empleados/:id/asistencias', '', ['desde', 'hasta']],
      ['/api/cortes-caja/dia', 'idCuenta=3&fecha=2026-11-24', ['fecha']],
      ['/api/cortes-programados/vista-previa', '', ['fecha']],
      ['/api/reporte-diario', '', ['fecha']],
    ];
    expect(DATE_QUERIES.map(([url]) => url).sort()).toEqual([...queryDateRoutes].sort());
    const absurd = ['0000-01-01', '9999-99-99', '9999-12-31', '2024-02-30', '0000-01-01T00:00:00', 'ayer'];
    for (const [route, valid, names] of DATE_QUERIES) {
      const url = route.replace(':id', '1');
      for (const name of names) {
        for (const value of absurd) {
          const query = new URLSearchParams(valid);
          query.set(name, value);
          const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: t.auth(admin) });
          expectSpanish4xx(res, `${url} ${name}=${value}`);
          expect(res.statusCode, `${url} ${name}=${value}`).toBe(400);
        }
      }
      // The valid query passes validation (an unknown employee is a 404).
      const ok = await t.app.inject({ method: 'GET', url: `${url}?${valid}`, headers: t.auth(admin) });
      expect([200, 404], `${url}?${valid} -> ${ok.statusCode} ${ok.body.slice(0, 200)}`).toContain(ok.statusCode);
    }
  });

  it('query integers are digits only', async () => {
    for (const page of ['0x1', '1e1', '-1', ' 1', '1.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/contratos?page=${encodeURIComponent(page)}`,
        headers: t.auth(admin),
      });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().details.page).toEqual(['La página debe ser un número']);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contratos?page=0&pageSize=5', headers: t.auth(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('a lone surrogate or a control character is a Spanish 400, in a field or anywhere in the body', async () => {
    const before = await snapshot();
    const inField = await t.app.inject({
      method: 'POST',
      url: '/api/registros',
      headers: { ...t.auth(admin), 'content-type': 'application/json' },
      payload: `{"idCliente":${ids.contract},"log1":"hola \\ud800"}`,
    });
    expect(inField.statusCode).toBe(400);
    expect(inField.json()).toEqual({
      error: 'invalid_text',
      message: 'Revisa los datos enviados: log1: El texto contiene caracteres no válidos.',
      details: { log1: ['El texto contiene caracteres no válidos'] },
    });
    // A field no schema reads (the ignored display id) is guarded too.
    const ignored = await post('/api/registros', { idCliente: ids.contract, idcliente: 'TIZ\u0000', log1: 'hola' });
    expect(ignored.json()).toMatchObject({
      error: 'invalid_text',
      details: { idcliente: ['El texto contiene caracteres no válidos'] },
    });
    // One-line fields refuse tabs and line breaks; notes keep theirs.
    const tab = await post('/api/contratos', { ...contractPayload(), nombre: 'Juan\tPérez' });
    expect(tab.json().details.nombre).toEqual(['El texto contiene caracteres no válidos']);
    expect(await snapshot()).toEqual(before);
    const note = await post('/api/registros', { idCliente: ids.contract, log1: 'línea 1\nlínea 2 😀' });
    expect(note.statusCode).toBe(201);
    expect(note.json().log1).toBe('línea 1\nlínea 2 😀');
  });

  it('broken JSON is a Spanish 400 and another content type a Spanish 415', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/registros',
      headers: { ...t.auth(admin), 'content-type': 'application/json' },
      payload: '{"log1": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'bad_request', message: 'El cuerpo de la solicitud no es un JSON válido.' });
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/registros',
        headers: { ...t.auth(admin), 'content-type': type },
        payload: 'idCliente=1',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ error: 'unsupported_media_type', message: 'El contenido debe enviarse como JSON.' });
    }
  });

  it('the spec’s expense payload is accepted as written: Nota is the description', async () => {
    const res = await post('/api/MovimientoFinancieroGasto', {
      Monto: 450,
      IdCuenta: 4,
      FechaPagoProgramada: '2026-12-07T00:00:00',
      FechaRealizacion: null,
      EstadoPago: 'Pendiente',
      Nota: 'Recibo de luz de noviembre',
      IdGasto: 2,
      EsGasto: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      descripcion: 'Recibo de luz de noviembre',
      nota: 'Recibo de luz de noviembre',
      fechaPagoProgramada: '2026-12-07',
      monto: 450,
    });
    const neither = await post('/api/MovimientoFinancieroGasto', { Monto: 450, IdCuenta: 4, IdGasto: 2, Nota: '  ' });
    expect(neither.json().details.descripcion).toEqual(['La descripción es obligatoria']);
  });

  it('a visit at 2026-12-07T10:30:00 (no offset) is 10:30 in the business time zone', async () => {
    const res = await post('/api/agenda', {
      IdCliente: ids.contract,
      FechaEvento: '2026-12-07T12:30:00',
      AccionRealizar: 'Revisión',
      Titulo: 'Visita local',
      Descripcion: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fechaEvento).toBe('2026-12-07T18:30:00.000Z');
    const spec = await post('/api/agenda', {
      idCliente: ids.contract,
      fechaEvento: '2026-12-08T10:30:00',
      accionRealizar: 'Instalación',
      titulo: 'Visita del spec',
    });
    expect(spec.statusCode, spec.body).toBe(201);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/agenda?desde=2026-12-08T00:00:00&hasta=2026-12-09T00:00:00',
      headers: t.auth(admin),
    });
    const visit = (listed.json() as Array<{ titulo: string; fechaEvento: string }>).find(
      (v) => v.titulo === 'Visita del spec',
    )!;
    expect(visit.fechaEvento).toBe('2026-12-08T16:30:00.000Z');
    expect(formatTime(visit.fechaEvento, t.config.businessTz)).toBe('10:30');
    // The same wall-clock time with an explicit offset is the same instant, and taken.
    const again = await post('/api/agenda', {
      idCliente: ids.contract,
      fechaEvento: '2026-12-08T10:30:00-06:00',
      accionRealizar: 'Otra',
      titulo: 'Otra',
    });
    expect(again.statusCode).toBe(409);
    // A contract's agenda date without an offset is business time too.
    const created = await post('/api/contratos', { ...contractPayload(), fechaAgenda: '2026-12-09T09:00:00' });
    expect(created.json().fechaAgenda).toBe('2026-12-09T15:00:00.000Z');
  });
});

/** One raw HTTP/1.1 exchange (inject bypasses Node's HTTP parser, where these limits live). */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = Buffer.alloc(0);
    const done = () => {
      const text = data.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return false;
      const head = text.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? -1);
      const body = text.slice(end + 4);
      if (length >= 0 && Buffer.byteLength(body) < length) return false;
      socket.destroy();
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      done();
    });
    socket.on('error', (err) => (done() ? undefined : reject(err)));
    socket.on('close', () =>
      done() ? undefined : reject(new Error(`closed without an answer: ${data.toString().slice(0, 200)}`)),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
  });
}

describe('body, URL and header limits answer Spanish JSON (raw sockets)', () => {
  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await t.listen()).port);
  });

  it('413: a body over the limit', async () => {
    const res = await rawExchange(
      port,
      `POST /api/registros HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\n{"log1":"`,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: 'payload_too_large',
      message: 'El contenido enviado es demasiado grande.',
    });
  });

  it('414: a URL over 8 KiB, and one so long Node’s parser refuses it', async () => {
    for (const length of [9_000, 20_000]) {
      const res = await rawExchange(port, `GET /api/contratos?q=${'a'.repeat(length)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(res.status, String(length)).toBe(414);
      expect(res.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(res.body)).toEqual({
        error: 'uri_too_long',
        message: 'La dirección (URL) de la solicitud es demasiado larga.',
      });
    }
  });

  it('431: one header too large, or too many headers', async () => {
    const big = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`;
    const many = `GET /api/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 4_000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`;
    for (const request of [big, many]) {
      const res = await rawExchange(port, request);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        error: 'headers_too_large',
        message: 'Los encabezados de la solicitud son demasiado grandes.',
      });
    }
  });

  it('a request the HTTP parser cannot read is a Spanish 400', async () => {
    const res = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', message: 'La solicitud HTTP no es válida.' });
  });
});
