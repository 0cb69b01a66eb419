import { MAX_NOTIFICATIONS } from '@airlink/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fakeToken } from '../../lib/testing/fetch-mock';
import { makeNotification, makeUser, signIn } from '../../lib/testing/fixtures';
import { notificationStore, readNotificationCache } from './notification-store';

describe('notification store', () => {
  beforeEach(() => {
    localStorage.clear();
    notificationStore.reload();
  });
  afterEach(() => vi.restoreAllMocks());

  it(`keeps at most ${MAX_NOTIFICATIONS}, newest first`, async () => {
    for (let i = 0; i < 105; i++) notificationStore.add(makeNotification(i));
    const list = notificationStore.getSnapshot();
    expect(list).toHaveLength(100);
    expect(list[0]?.id).toBe('n104');
    expect(list[99]?.id).toBe('n5');
    expect(await readNotificationCache()).toHaveLength(100);
  });

  it('merges by id: the incoming copy wins and order follows the timestamp', () => {
    notificationStore.merge([makeNotification(1), makeNotification(3)]);
    notificationStore.merge([makeNotification(2), makeNotification(1, { read: true, message: 'actualizado' })]);
    const list = notificationStore.getSnapshot();
    expect(list.map((n) => n.id)).toEqual(['n3', 'n2', 'n1']);
    expect(list[2]).toMatchObject({ read: true, message: 'actualizado' });
  });

  it('mirrors to localStorage and reads it back', async () => {
    notificationStore.add(makeNotification(7));
    notificationStore.setRead('n7', true);
    expect(JSON.parse(localStorage.getItem('notifications') ?? '[]')).toEqual([
      expect.objectContaining({ id: 'n7', read: true }),
    ]);
    notificationStore.reload();
    await vi.waitFor(() => expect(notificationStore.getSnapshot()[0]?.read).toBe(true));
  });

  it('falls back to an empty list on an unreadable cache, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('notifications', '{not json');
    notificationStore.reload();
    expect(notificationStore.getSnapshot()).toEqual([]);
    localStorage.setItem('notifications', JSON.stringify([{ id: 1 }]));
    expect(await readNotificationCache()).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('keeps working in memory when the cache cannot be written, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    notificationStore.add(makeNotification(1));
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n1']);
    expect(log).toHaveBeenCalled();
  });

  it('is emptied when the session ends', () => {
    signIn(10);
    notificationStore.add(makeNotification(1));
    session.end('/logedout');
    expect(notificationStore.getSnapshot()).toEqual([]);
    expect(localStorage.getItem('notifications')).toBeNull();
  });

  it("signing in as someone else drops the previous user's cache before it is read", () => {
    signIn(10);
    notificationStore.add(makeNotification(1, { message: 'Solo para el nivel 10' }));
    session.set(fakeToken(3600, '11'), makeUser(11));
    expect(notificationStore.getSnapshot()).toEqual([]);
    expect(localStorage.getItem('notifications')).toBeNull();
  });

  it('the same user signing in again, a new token or a changed level keep the cache', async () => {
    signIn(10);
    notificationStore.add(makeNotification(1));
    session.set(fakeToken(3600, '10'), makeUser(10));
    session.setToken(fakeToken(7200, '10'));
    session.setUser(makeUser(10, { idPerfilUsuario: 20 }));
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n1']);
    expect(await readNotificationCache()).toHaveLength(1);
  });
});

describe('notification store: the cache read at start', () => {
  it('a push that arrives while the cache is being read wins: the older cache is dropped', async () => {
    localStorage.setItem('notifications', JSON.stringify([makeNotification(1)]));
    notificationStore.reload();
    notificationStore.add(makeNotification(2));
    await readNotificationCache();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n2']);
  });
});
