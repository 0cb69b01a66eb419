import { describe, expect, it } from 'vitest';
import {
  MAX_NOTIFICATIONS,
  badgeText,
  isInternalPath,
  mergeNotifications,
  notificationInputSchema,
  unreadCount,
  type Notification,
} from './index';

const n = (id: string, minute: number, read = false): Notification => ({
  id,
  user: 'Sistema',
  message: `mensaje ${id}`,
  timestamp: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(),
  read,
  readAt: null,
  receivedAt: null,
  url: null,
  customerId: null,
  customerName: null,
  color: null,
  icon: null,
  bgColor: null,
});

describe('badge text', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread shows "%s"', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('notification store merge', () => {
  it('orders newest first and replaces by id', () => {
    const merged = mergeNotifications([n('a', 1), n('b', 2)], [n('a', 1, true), n('c', 3)]);
    expect(merged.map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(merged.find((x) => x.id === 'a')?.read).toBe(true);
    expect(unreadCount(merged)).toBe(2);
  });

  it(`keeps at most ${MAX_NOTIFICATIONS}, dropping the oldest`, () => {
    const many = Array.from({ length: 130 }, (_, i) => n(`id${i}`, i));
    const merged = mergeNotifications([], many);
    expect(merged).toHaveLength(100);
    expect(merged[0]?.id).toBe('id129');
    expect(merged.at(-1)?.id).toBe('id30');
  });
});

describe('notification input', () => {
  it('requires a title and a message, and only internal links', () => {
    expect(notificationInputSchema.safeParse({ user: 'x', message: 'hola' }).success).toBe(true);
    expect(notificationInputSchema.safeParse({ user: ' ', message: 'hola' }).success).toBe(false);
    expect(notificationInputSchema.safeParse({ user: 'x', message: 'hola', url: 'https://evil.example' }).success).toBe(
      false,
    );
    expect(
      notificationInputSchema.safeParse({ user: 'x', message: 'hola', url: '/dashboard/profile?id=3' }).success,
    ).toBe(true);
  });
});

describe('internal links', () => {
  it.each(['/dashboard/profile?id=3', '/dashboard/home', '/', '/a.b/c', '/dashboard?volver=../inicio'])(
    'accepts %s',
    (url) => {
      expect(isInternalPath(url)).toBe(true);
    },
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/a b',
    '',
    null,
    '/.//evil.example',
    '/a//b',
    '/a/../b',
    '/./x',
    '/..',
  ])('refuses %s', (url) => {
    expect(isInternalPath(url)).toBe(false);
  });
});
