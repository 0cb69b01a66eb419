import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { pagedSchema, type Paged } from './paged';

describe('Paged<T> and pagedSchema', () => {
  const schema = pagedSchema(z.object({ id: z.number().int() }));
  it('reads a page of items and the total of the list', () => {
    const page: Paged<{ id: number }> = schema.parse({ items: [{ id: 1 }, { id: 2 }], total: 7 });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 7 });
  });
  it('refuses a page whose items or total do not fit', () => {
    expect(schema.safeParse({ items: [{ id: 'x' }], total: 1 }).success).toBe(false);
    expect(schema.safeParse({ items: [], total: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
  });
});
