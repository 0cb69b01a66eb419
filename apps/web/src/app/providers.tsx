import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session-context';
import { ApiErrorToasts } from './api-error-toasts';
import { ToasterSlot } from './toaster-slot';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

/**
 * Server state, toasts and the session: everything the router's pages rely on. MUI's theme is not here: the shell
 * is plain CSS (app/shell.css) and the pages bring the theme with them (components/ui/lazy-mui-scope.tsx).
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToasterSlot />
      <ApiErrorToasts />
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
