import { PAGES } from '@airlink/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { pageData, type WebArea } from './areas';
import { likelyPages, prefetchPages } from './prefetch-pages';

const keys = (areas: WebArea[]) => areas.map((a) => a.page.key);

describe('likely next pages fetched when idle (docs/performance.md "The web between pages")', () => {
  it('are the prefetched pages the level may open, in the sidebar order', () => {
    expect(keys(likelyPages(5))).toEqual(['clientes', 'profile']);
    expect(keys(likelyPages(10))).toEqual(['clientes', 'profile', 'devices']);
    expect(keys(likelyPages(20))).toEqual(['clientes', 'profile', 'devices', 'finanzas']);
    expect(likelyPages(1)).toEqual([]);
  });

  it("fetch each page's code and data, one page after another, and go on after a failure", async () => {
    const order: string[] = [];
    const client = new QueryClient();
    let releaseFirst!: () => void;
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    const areaOf = (key: string, code: () => Promise<unknown>, data?: (c: QueryClient) => Promise<unknown>) =>
      ({ page: PAGES.find((p) => p.key === key)!, icon: 'People', prefetch: { code, data } }) as WebArea;
    const data = vi.fn(async (c: QueryClient) => {
      expect(c).toBe(client);
      order.push('clientes data');
    });
    const areas = [
      areaOf('clientes', () => first.then(() => order.push('clientes code')), data),
      areaOf('devices', () => Promise.reject(new Error('offline'))),
      areaOf('finanzas', async () => order.push('finanzas code')),
    ];
    const done = prefetchPages(areas, client);
    await Promise.resolve();
    // The second page waits for the first.
    expect(order).toEqual(['clientes data']);
    releaseFirst();
    await done;
    expect(order).toEqual(['clientes data', 'clientes code', 'finanzas code']);
    expect(data).toHaveBeenCalledTimes(1);
  });

  it('asks for no further page once the shell is gone (the signal aborted)', async () => {
    const order: string[] = [];
    const client = new QueryClient();
    const controller = new AbortController();
    let releaseFirst!: () => void;
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    const areaOf = (key: string, code: () => Promise<unknown>) =>
      ({ page: PAGES.find((p) => p.key === key)!, icon: 'People', prefetch: { code } }) as WebArea;
    const done = prefetchPages(
      [
        areaOf('clientes', () => first.then(() => order.push('clientes code'))),
        areaOf('devices', async () => order.push('devices code')),
      ],
      client,
      controller.signal,
    );
    controller.abort();
    releaseFirst();
    await done;
    expect(order).toEqual(['clientes code']);
  });

  it('makes no data request when the shell went away while the page-data module was loading', async () => {
    const client = new QueryClient();
    const controller = new AbortController();
    let releaseModule!: () => void;
    const module = new Promise<void>((resolve) => (releaseModule = resolve));
    const request = vi.fn(async () => undefined);
    const area = {
      page: PAGES.find((p) => p.key === 'devices')!,
      icon: 'Router',
      prefetch: {
        code: async () => undefined,
        data: pageData(
          () => module.then(() => ({ request })),
          (m) => m.request(),
        ),
      },
    } as WebArea;
    const done = prefetchPages([area], client, controller.signal);
    controller.abort();
    releaseModule();
    await done;
    expect(request).not.toHaveBeenCalled();

    // With the shell still there, the same helper makes the request.
    await pageData(
      async () => ({ request }),
      (m) => m.request(),
    )(client, new AbortController().signal);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
