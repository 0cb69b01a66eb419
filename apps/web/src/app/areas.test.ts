import { PAGES } from '@airlink/domain';
import { describe, expect, it } from 'vitest';
import { AREAS, areaOf } from './areas';

describe('the area list', () => {
  it('has exactly one area for every page of the domain page table, in no other order of importance', () => {
    expect(AREAS.map((a) => a.page.key).sort()).toEqual(PAGES.map((p) => p.key).sort());
  });

  it('gives every area either its page or the text of its En construcción card, never both', () => {
    for (const area of AREAS) {
      expect([area.page.key, Boolean(area.Page)]).toEqual([area.page.key, !area.placeholder]);
      if (area.placeholder) expect(area.placeholder.length).toBeGreaterThan(20);
    }
  });

  it('finds an area by its page key, with the navigation icon', () => {
    expect(areaOf('clientes')?.page.path).toBe('/dashboard/clientes');
    expect(areaOf('clientes')?.icon).toBeTruthy();
    expect(areaOf('no-such-page')).toBeUndefined();
  });
});
