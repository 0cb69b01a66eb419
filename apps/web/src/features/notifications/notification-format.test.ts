import { describe, expect, it } from 'vitest';
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
