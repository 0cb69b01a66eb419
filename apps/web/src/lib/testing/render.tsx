import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../../components/ui/theme';
import Toaster from '../../app/toaster';
import { SessionProvider } from '../session-context';

export interface RenderOptions {
  /** Where the memory router starts; `ui` answers every path no other route takes. */
  path?: string;
  /** Extra routes to navigate to (e.g. `{ path: '/dashboard/profile', element: <p>Panel</p> }`). */
  routes?: RouteObject[];
  /** The query client (a test that fills its cache first, e.g. a prefetch); a fresh one without retries otherwise. */
  client?: QueryClient;
}

/** A query client as the tests use it: no retries. */
function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders a piece of a feature with the theme, a query client without retries, toasts, the session
 * and a memory router at `path`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/dashboard/x', routes = [], client = testQueryClient() }: RenderOptions = {},
) {
  const router = createMemoryRouter([...routes, { path: '*', element: ui }], { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <Toaster />
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return { ...render(<RouterProvider router={router} />, { wrapper: Wrapper }), router, client };
}
