import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { appRoutes } from '../router';

/**
 * Renders the whole app (providers and every route) at `path`, as the browser would: the app's own query client
 * (its freshness, so the idle prefetch finds the page's data fresh as it does in the browser), without retries.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...defaults.queries, retry: false }, mutations: { retry: false } });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
