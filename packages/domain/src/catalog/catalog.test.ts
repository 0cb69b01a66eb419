import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAYMENT_PLACE_ID,
  DEFAULT_SUPPORT_PRIORITY,
  PAGE_SIZE_OPTIONS,
  PAYMENT_PLACES,
  SERVICE_TYPES,
  SUPPORT_PRIORITIES,
  serviceType,
} from './index';

describe('spec constants (docs/business-rules.md "Constants and limits")', () => {
  it('service types and monthly amounts', () => {
    expect(SERVICE_TYPES.map((t) => [t.value, t.monthly])).toEqual([
      [1, 300],
      [2, 500],
      [3, 800],
      [4, 1200],
      [5, 500],
      [6, 1000],
      [7, 1700],
      [8, 2300],
    ]);
    expect(serviceType(9)).toBeUndefined();
  });
  it('payment places keep the spec ids and groups', () => {
    expect(PAYMENT_PLACES.map((p) => [p.id, p.group])).toEqual([
      [4, 'tizayuca'],
      [3, 'pachuca'],
      [2, 'banco'],
      [5, 'banco'],
      [6, 'banco'],
      [8, 'ajuste'],
      [9, 'ajuste'],
      [10, 'ajuste'],
      // Online payments (issue 24).
      [11, 'banco'],
    ]);
    expect(DEFAULT_PAYMENT_PLACE_ID).toBe(4);
  });
  it('support priorities and paging', () => {
    expect(SUPPORT_PRIORITIES.map((p) => `${p.value} ${p.label}`)).toEqual([
      '4 Baja',
      '3 Normal',
      '2 Urgente',
      '1 Critico',
    ]);
    expect(DEFAULT_SUPPORT_PRIORITY).toBe(4);
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 25, 50, 75, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
});
