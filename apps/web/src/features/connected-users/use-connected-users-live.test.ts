import { type ConnectedUser } from '@airlink/domain';
import { describe, expect, it } from 'vitest';
import { upsertConnection } from './use-connected-users-live';

const base: ConnectedUser = {
  userName: 'ana',
  fullName: 'Ana',
  connectionId: 'a',
  ipAddress: '10.0.0.1',
  computerName: 'PC',
  userAgent: 'UA',
  currentPage: '/dashboard/home',
  currentAction: 'Conectado',
  connectedAt: '2026-11-21T18:00:00.000Z',
  lastActivity: '2026-11-21T18:00:00.000Z',
  isActive: true,
};

describe('upsertConnection', () => {
  it('adds a new connection first and replaces a known one in place', () => {
    const b = { ...base, connectionId: 'b', userName: 'beto' };
    expect(upsertConnection([base], b).map((c) => c.connectionId)).toEqual(['b', 'a']);
    const moved = { ...base, currentPage: '/dashboard/agenda' };
    expect(upsertConnection([b, base], moved)).toEqual([b, moved]);
  });
});
