import { describe, expect, it } from 'vitest';
import { isInternalPath } from '@airlink/domain';
import { notificationTarget, relativeTime } from './notification-format';

describe('notification target', () => {
  it('uses the url, adding the customer id to the customer panel', () => {
    expect(notificationTarget({ url: '/dashboard/profile', customerId: 189 })).toBe('/dashboard/profile?id=189');
    expect(notificationTarget({ url: '/dashboard/profile?id=5', customerId: 189 })).toBe('/dashboard/profile?id=5');
    expect(notificationTarget({ url: '/dashboard/soporte?t=3', customerId: 189 })).toBe('/dashboard/soporte?t=3');
  });
  it('without a url opens the customer panel, or nothing', () => {
    expect(notificationTarget({ url: null, customerId: 7 })).toBe('/dashboard/profile?id=7');
    expect(notificationTarget({ url: null, customerId: null })).toBeNull();
  });
  it('never leaves the app', () => {
    expect(notificationTarget({ url: 'https://evil.example', customerId: null })).toBeNull();
    expect(notificationTarget({ url: '//evil.example/x', customerId: 3 })).toBe('/dashboard/profile?id=3');
  });
  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/dashboard\\..\\x',
    '/\t/evil.example',
    '/\n/evil.example',
    '/dashboard/ x',
    'javascript:alert(1)',
    '/.//evil.example',
    '/a/..//evil.example/x',
    '/%2e//evil.example',
    '/dashboard/profile/../..//evil.example',
    'dashboard/home',
    '',
  ])('refuses %j: the customer panel, or nothing', (url) => {
    expect(notificationTarget({ url, customerId: 4 })).toBe('/dashboard/profile?id=4');
    expect(notificationTarget({ url, customerId: null })).toBeNull();
  });
  it.each(['/\\evil.example', '/\t/evil.example', '/dashboard/ x', 'dashboard/home', '//evil.example'])(
    'the pattern refuses %j',
    (url) => expect(isInternalPath(url)).toBe(false),
  );
  it.each(['/', '/dashboard/soporte?t=3#x', '/dashboard/profile?id=5&q=%2F%2Fa'])('accepts the app path %j', (url) => {
    expect(isInternalPath(url)).toBe(true);
    expect(notificationTarget({ url, customerId: null })).toBe(url);
  });
});

describe('relative time', () => {
  const now = new Date('2026-11-21T18:00:00Z');
  it('reads like a person would say it', () => {
    expect(relativeTime('2026-11-21T17:59:40Z', now)).toBe('hace un momento');
    expect(relativeTime('2026-11-21T17:55:00Z', now)).toBe('hace 5 minutos');
    expect(relativeTime('2026-11-21T15:00:00Z', now)).toBe('hace 3 horas');
    expect(relativeTime('2026-11-20T18:00:00Z', now)).toBe('ayer');
    expect(relativeTime('2026-11-01T18:00:00Z', now)).toBe('01/11/2026 12:00');
    expect(relativeTime('nope', now)).toBe('Fecha inválida');
  });
});
