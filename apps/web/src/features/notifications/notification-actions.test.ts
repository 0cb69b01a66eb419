import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fakeToken, mockFetch } from '../../lib/testing/fetch-mock';
import { makeNotification, makeUser, signIn } from '../../lib/testing/fixtures';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
  syncNotifications,
} from './notification-actions';
import { notificationStore, readNotificationCache } from './notification-store';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('notification actions', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10);
    notificationStore.reload();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('syncs with GET /api/notifications: the server list replaces the local one', async () => {
    notificationStore.add(makeNotification(1));
    notificationStore.add(makeNotification(3, { message: 'Borrada en otro equipo' }));
    mockFetch({ 'GET /api/notifications': { body: [makeNotification(2), makeNotification(1, { read: true })] } });
    await syncNotifications();
    expect(notificationStore.getSnapshot().map((n) => [n.id, n.read])).toEqual([
      ['n2', false],
      ['n1', true],
    ]);
    expect((await readNotificationCache()).map((n) => n.id)).toEqual(['n2', 'n1']);
  });

  it("follows the server's trim to the newest 100", async () => {
    for (let i = 0; i < 100; i++) notificationStore.add(makeNotification(i));
    const server = Array.from({ length: 100 }, (_, i) => makeNotification(i + 5)).reverse();
    mockFetch({ 'GET /api/notifications': { body: server } });
    await syncNotifications();
    const ids = notificationStore.getSnapshot().map((n) => n.id);
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe('n104');
    expect(ids).not.toContain('n4');
  });

  it('keeps what changed here while the request ran: a hub message, a read and a delete', async () => {
    notificationStore.add(makeNotification(1));
    notificationStore.add(makeNotification(2));
    const reply = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => reply.promise),
    );
    const sync = syncNotifications();
    // What NotificationsSync does on a ReceiveMessage, and the user's clicks, during the request.
    notificationStore.add(makeNotification(9, { message: 'Llegó por el hub' }));
    notificationStore.setRead('n2', true);
    notificationStore.remove('n1');
    const server = [makeNotification(8), makeNotification(2), makeNotification(1)];
    reply.resolve(new Response(JSON.stringify(server), { status: 200 }));
    await sync;
    expect(notificationStore.getSnapshot().map((n) => [n.id, n.read])).toEqual([
      ['n9', false],
      ['n8', false],
      ['n2', true],
    ]);
  });

  it('a failed or unexpected answer leaves the list as it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    notificationStore.add(makeNotification(1));
    mockFetch({ 'GET /api/notifications': { body: { not: 'a list' } } });
    await syncNotifications();
    mockFetch({ 'GET /api/notifications': { status: 500, body: { error: 'internal', message: 'Error interno' } } });
    await syncNotifications();
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n1']);
  });

  it('an answer for the previous user is dropped once another user signed in', async () => {
    const reply = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => reply.promise),
    );
    const sync = syncNotifications();
    session.set(fakeToken(3600, '11'), makeUser(11));
    reply.resolve(new Response(JSON.stringify([makeNotification(1)]), { status: 200 }));
    await sync;
    expect(notificationStore.getSnapshot()).toEqual([]);
  });

  it('a clear-all while the request ran wins over the older answer', async () => {
    notificationStore.add(makeNotification(1));
    const reply = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => reply.promise),
    );
    const sync = syncNotifications();
    notificationStore.clear();
    reply.resolve(new Response(JSON.stringify([makeNotification(1)]), { status: 200 }));
    await sync;
    expect(notificationStore.getSnapshot()).toEqual([]);
  });

  it('marks read at once and tells the server', async () => {
    notificationStore.add(makeNotification(1));
    const { calls } = mockFetch({ 'POST /api/notifications/n1/read': { body: makeNotification(1, { read: true }) } });
    const p = markNotificationRead('n1');
    expect(notificationStore.get('n1')?.read).toBe(true);
    await p;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/notifications/n1/read']);
  });

  it('undoes a change the server refused', async () => {
    notificationStore.add(makeNotification(1));
    notificationStore.add(makeNotification(2));
    mockFetch({
      'POST /api/notifications/read-all': { status: 500, body: { error: 'internal', message: 'Error interno' } },
      'DELETE /api/notifications/n2': { status: 500, body: { error: 'internal', message: 'Error interno' } },
    });
    await markAllNotificationsRead();
    expect(notificationStore.getSnapshot().every((n) => !n.read)).toBe(true);
    await deleteNotification('n2');
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n2', 'n1']);
  });
});
