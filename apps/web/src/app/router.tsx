import { ACTIONS } from '@airlink/domain';
import { lazy, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LazyMuiScope } from '../components/ui/lazy-mui-scope';
import { AREAS, type WebArea } from './areas';
import { PageGuard } from './guards/page-guard';
import { RequireAuth } from './guards/require-auth';
import { DashboardLayout } from './layout/dashboard-layout';
import { DashboardIndexPage } from './pages/dashboard-index-page';
import { FallbackRedirect } from './pages/fallback-redirect';
import { RouteErrorBoundary } from './pages/route-error-boundary';

// The sign-in pages and the print views load on first visit (a signed-in staff member starts on the dashboard).
const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const AuthCallbackPage = lazy(() =>
  import('../features/auth/pages/auth-callback-page').then((m) => ({ default: m.AuthCallbackPage })),
);
const LoggedOutPage = lazy(() =>
  import('../features/auth/pages/logged-out-page').then((m) => ({ default: m.LoggedOutPage })),
);
const signIn = (page: ReactNode) => <LazyMuiScope label="Cargando">{page}</LazyMuiScope>;
const UnderConstruction = lazy(() =>
  import('../components/ui/under-construction').then((m) => ({ default: m.UnderConstruction })),
);

const ContractPrintPage = lazy(() =>
  import('../features/customers/pages/contract-print-page').then((m) => ({ default: m.ContractPrintPage })),
);
const ReceiptPrintPage = lazy(() =>
  import('../features/payments/pages/receipt-print-page').then((m) => ({ default: m.ReceiptPrintPage })),
);

function pageElement({ page, Page, placeholder }: WebArea): ReactNode {
  return Page ? <Page /> : <UnderConstruction title={page.title} description={placeholder} />;
}

/**
 * Every /dashboard/<page> of the area list (app/areas.ts), each behind its level guard. The pages are drawn with MUI:
 * its theme comes with them (LazyMuiScope), not with the shell.
 */
const dashboardPages: RouteObject[] = AREAS.map((area) => ({
  path: area.page.path.replace(/^\/dashboard\//, ''),
  // A failing page (e.g. its code could not be downloaded) keeps the sidebar and navbar around its error.
  element: (
    <RouteErrorBoundary>
      <PageGuard page={area.page}>
        <LazyMuiScope>{pageElement(area)}</LazyMuiScope>
      </PageGuard>
    </RouteErrorBoundary>
  ),
}));

export const appRoutes: RouteObject[] = [
  { path: '/login', element: signIn(<LoginPage />) },
  { path: '/auth/callback', element: signIn(<AuthCallbackPage />) },
  { path: '/logedout', element: signIn(<LoggedOutPage />) },
  {
    element: (
      <RouteErrorBoundary>
        <RequireAuth />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <DashboardIndexPage /> },
          ...dashboardPages,
          { path: '*', element: <FallbackRedirect /> },
        ],
      },
      {
        path: '/print/receipt/:id',
        element: (
          <PageGuard page={{ minLevel: ACTIONS['customers.read'] }}>
            <LazyMuiScope label="Cargando recibo">
              <ReceiptPrintPage />
            </LazyMuiScope>
          </PageGuard>
        ),
      },
      {
        path: '/print/contract/:id',
        element: (
          <PageGuard page={{ minLevel: ACTIONS['contracts.print'] }}>
            <LazyMuiScope label="Cargando contrato">
              <ContractPrintPage />
            </LazyMuiScope>
          </PageGuard>
        ),
      },
    ],
  },
  { path: '*', element: <FallbackRedirect /> },
];

/**
 * The app's routes, under main.tsx's BrowserRouter. Declarative routing (no data router: the app has no loaders or
 * actions) keeps React Router's data layer, about 15 KiB gzip, out of the first screen (docs/performance.md).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
