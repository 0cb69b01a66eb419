import { ACTIONS, PAGES, type PageDef } from '@airlink/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { UnderConstruction } from '../components/ui/under-construction';
import { AuthCallbackPage } from '../features/auth/pages/auth-callback-page';
import { LoggedOutPage } from '../features/auth/pages/logged-out-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { HomePage } from '../features/home/pages/home-page';
import { NotificationsPage } from '../features/notifications/pages/notifications-page';
import { PageGuard } from './guards/page-guard';
import { RequireAuth } from './guards/require-auth';
import { DashboardLayout } from './layout/dashboard-layout';
import { DashboardIndexPage } from './pages/dashboard-index-page';
import { FallbackRedirect } from './pages/fallback-redirect';
import { PLACEHOLDER_TEXTS } from './pages/placeholder-texts';
import { RouteErrorPage } from './pages/route-error-page';

// Heavy pages load on first visit (the users table brings the Data Grid).
const UsersPage = lazy(() => import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })));
const ConnectedUsersPage = lazy(() =>
  import('../features/connected-users/pages/connected-users-page').then((m) => ({ default: m.ConnectedUsersPage })),
);
const CustomersPage = lazy(() =>
  import('../features/customers/pages/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const CustomerPanelPage = lazy(() =>
  import('../features/customers/pages/customer-panel-page').then((m) => ({ default: m.CustomerPanelPage })),
);
const ContractPrintPage = lazy(() =>
  import('../features/customers/pages/contract-print-page').then((m) => ({ default: m.ContractPrintPage })),
);
const ReceiptPrintPage = lazy(() =>
  import('../features/payments/pages/receipt-print-page').then((m) => ({ default: m.ReceiptPrintPage })),
);
const SupportPage = lazy(() =>
  import('../features/support/pages/support-page').then((m) => ({ default: m.SupportPage })),
);
const AgendaPage = lazy(() => import('../features/agenda/pages/agenda-page').then((m) => ({ default: m.AgendaPage })));
const ExpensesPage = lazy(() =>
  import('../features/expenses/pages/expenses-page').then((m) => ({ default: m.ExpensesPage })),
);
const FinanceReportPage = lazy(() =>
  import('../features/finance-report/pages/finance-report-page').then((m) => ({ default: m.FinanceReportPage })),
);
const CashPage = lazy(() => import('../features/cash/pages/cash-page').then((m) => ({ default: m.CashPage })));

/** Pages already built; every other page of PAGES shows its 'En construcción' card. */
const BUILT_PAGES: Readonly<Record<string, () => ReactNode>> = {
  home: () => <HomePage />,
  usuarios: () => <UsersPage />,
  'usuarios-conectados': () => <ConnectedUsersPage />,
  notificaciones: () => <NotificationsPage />,
  clientes: () => <CustomersPage />,
  profile: () => <CustomerPanelPage />,
  soporte: () => <SupportPage />,
  agenda: () => <AgendaPage />,
  gastos: () => <ExpensesPage />,
  finanzas: () => <FinanceReportPage />,
  caja: () => <CashPage />,
};

function pageElement(page: PageDef): ReactNode {
  const built = BUILT_PAGES[page.key];
  return built ? built() : <UnderConstruction title={page.title} description={PLACEHOLDER_TEXTS[page.key]} />;
}

/** Every /dashboard/<page> of the domain page table, each behind its level guard. */
const dashboardPages: RouteObject[] = PAGES.map((page) => ({
  path: page.path.replace(/^\/dashboard\//, ''),
  element: <PageGuard page={page}>{pageElement(page)}</PageGuard>,
  // A failing page (e.g. its code could not be downloaded) keeps the sidebar and navbar around its error.
  errorElement: <RouteErrorPage />,
}));

export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/logedout', element: <LoggedOutPage /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorPage />,
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
            <Suspense fallback={<LinearProgress aria-label="Cargando recibo" />}>
              <ReceiptPrintPage />
            </Suspense>
          </PageGuard>
        ),
      },
      {
        path: '/print/contract/:id',
        element: (
          <PageGuard page={{ minLevel: ACTIONS['contracts.print'] }}>
            <Suspense fallback={<LinearProgress aria-label="Cargando contrato" />}>
              <ContractPrintPage />
            </Suspense>
          </PageGuard>
        ),
      },
    ],
  },
  { path: '*', element: <FallbackRedirect /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
