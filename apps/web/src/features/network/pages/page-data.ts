import { DEFAULT_PAGE_SIZE } from '@airlink/domain';
import type { QueryClient } from '@tanstack/react-query';
import { deviceListSearch, devicesQueryOptions } from '../api/list-devices';

/**
 * What Dispositivos shows first (the first page by id, no search or filter), fetched ahead when the browser is idle
 * (app/prefetch-pages.ts) under the key the page asks for.
 */
export function prefetchDevicesPage(client: QueryClient): Promise<void> {
  const search = deviceListSearch(
    { page: 0, pageSize: DEFAULT_PAGE_SIZE, sort: 'id', dir: 'asc' },
    { q: '', siteId: null, status: null },
  );
  return client.prefetchQuery(devicesQueryOptions(search));
}
