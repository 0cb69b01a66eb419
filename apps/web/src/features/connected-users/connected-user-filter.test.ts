import { type ConnectedUser } from '@airlink/domain';
import { describe, expect, it } from 'vitest';
import { makeConnectedUser } from '../../lib/testing/fixtures';
import { filterConnectedUsers, isActiveAt, normalizeSearch } from './connected-user-filter';

const now = new Date('2026-11-21T18:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

const conn = (id: string, overrides: Partial<ConnectedUser>) => makeConnectedUser(id, overrides, now);

const list = [
  conn('mariana', { fullName: 'Mariana Hernández Ortiz', lastActivity: minutesAgo(2), ipAddress: '192.168.1.20' }),
  conn('luis', {
    fullName: 'Luis Alberto Ramírez',
    lastActivity: minutesAgo(7),
    computerName: 'Linux-Firefox-BEEF',
    currentPage: '/dashboard/agenda',
  }),
  conn('jose', { fullName: 'José Núñez', lastActivity: minutesAgo(30) }),
];
const names = (users: ConnectedUser[]) => users.map((u) => u.userName);

describe('connected users search and filter', () => {
  it('normalises case and accents', () => {
    expect(normalizeSearch('José NÚÑEZ Hernández')).toBe('jose nunez hernandez');
  });

  it.each([
    ['hernandez', ['mariana']],
    ['JOSÉ', ['jose']],
    ['nunez', ['jose']],
    ['luis', ['luis']],
    ['192.168.1', ['mariana']],
    ['firefox', ['luis']],
    ['/dashboard/agenda', ['luis']],
    ['ramirez luis', ['luis']],
    ['nadie', []],
    ['   ', ['mariana', 'luis', 'jose']],
  ])('"%s" finds %j (name, user, IP, computer or page)', (query, expected) => {
    expect(names(filterConnectedUsers(list, query, 'todos', now))).toEqual(expected);
  });

  it('does not look in the action or the user agent', () => {
    expect(filterConnectedUsers(list, 'mozilla', 'todos', now)).toEqual([]);
    expect(filterConnectedUsers(list, 'conectado', 'todos', now)).toEqual([]);
  });

  it('active means under 5 minutes since the last activity, counted against the given clock', () => {
    expect(names(filterConnectedUsers(list, '', 'activos', now))).toEqual(['mariana']);
    expect(names(filterConnectedUsers(list, '', 'inactivos', now))).toEqual(['luis', 'jose']);
    const later = new Date(now.getTime() + 4 * 60_000);
    expect(names(filterConnectedUsers(list, '', 'activos', later))).toEqual([]);
    expect(isActiveAt({ lastActivity: 'no es fecha' }, now)).toBe(false);
  });

  it('combines the search with the filter', () => {
    expect(names(filterConnectedUsers(list, 'dashboard', 'inactivos', now))).toEqual(['luis', 'jose']);
    expect(names(filterConnectedUsers(list, 'mariana', 'inactivos', now))).toEqual([]);
  });
});
