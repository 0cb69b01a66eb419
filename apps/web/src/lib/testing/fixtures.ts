import {
  type ConnectedUser,
  type CustomerSearchResult,
  type Notification,
  type SessionUser,
  type User,
} from '@airlink/domain';
import { session } from '../session';
import { fakeToken } from './fetch-mock';

export function makeUser(level: number, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: level,
    name: `Usuario Nivel ${level}`,
    email: `nivel${level}@airlink.test`,
    picture: null,
    idPerfilUsuario: level,
    ...overrides,
  };
}

/** The same person as makeUser(level), the way GET /api/usuarios lists them. */
export function makeServerUser(level: number, overrides: Partial<User> = {}): User {
  return {
    id: level,
    nombre: 'Usuario',
    apellidos: `Nivel ${level}`,
    userName: `nivel${level}`,
    email: `nivel${level}@airlink.test`,
    idPerfilUsuario: level,
    activo: true,
    picture: null,
    idEmpleado: null,
    empleadoNombre: null,
    ultimoAcceso: null,
    ...overrides,
  };
}

/** Stores a session the way sign-in does; the default token's subject is the user's id. */
export function signIn(level: number, token = fakeToken(8 * 3600, String(level))): SessionUser {
  const user = makeUser(level);
  session.set(token, user);
  return user;
}

/** A notification stamped i minutes after 2026-01-01 00:00 UTC (a higher index is newer). */
export function makeNotification(i: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `n${i}`,
    user: `Título ${i}`,
    message: `Mensaje ${i}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + i * 60_000).toISOString(),
    read: false,
    readAt: null,
    receivedAt: null,
    url: null,
    customerId: null,
    customerName: null,
    color: null,
    icon: null,
    bgColor: null,
    ...overrides,
  };
}

/** A push-hub connection, active a minute ago; `minutesAgo` is measured from `now`. */
export function makeConnectedUser(id: string, overrides: Partial<ConnectedUser> = {}, now = new Date()): ConnectedUser {
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  return {
    userName: id,
    fullName: id,
    connectionId: `conn-${id}`,
    ipAddress: '10.0.0.1',
    computerName: 'Windows-Chrome-0001',
    userAgent: 'Mozilla/5.0',
    currentPage: '/dashboard/home',
    currentAction: 'Conectado',
    connectedAt: minutesAgo(60),
    lastActivity: minutesAgo(1),
    isActive: true,
    ...overrides,
  };
}

/** One answer of GET /api/customer/search (lib/customer-search.ts). */
export function makeSearchResult(id: number, overrides: Partial<CustomerSearchResult> = {}): CustomerSearchResult {
  return {
    id,
    idcliente: `26${String(id).padStart(4, '0')}Cliente${id}`,
    nombre: `Cliente ${id}`,
    direccion: `Calle ${id} ${id}, Centro`,
    comunidad: 'Tizayuca',
    telefono: '7710000000',
    cortado: false,
    activo: true,
    ...overrides,
  };
}
