import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { makeNotification, signIn } from '../../lib/testing/fixtures';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
  syncNotifications,
} from './notification-actions';
import { notificationStore } from './notification-store';

describe('notification actions', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10);
    notificationStore.reload();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('syncs with GET /api/notifications, merging into the local cache', async () => {
    notificationStore.add(makeNotification(1));
    mockFetch({ 'GET /api/notifications': { body: [makeNotification(2), makeNotification(1, { read: true })] } });
    await syncNotifications();
    expect(notificationStore.getSnapshot().map((n) => [n.id, n.read])).toEqual([
      ['n2', false],
      ['n1', true],
    ]);
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
