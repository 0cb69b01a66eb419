import { PAGES, type PageDef } from '@airlink/domain';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import type { ShellIconName } from '../components/ui/shell-icons';

/** One page of the back-office as the web shows it: its navigation icon and its page, or its placeholder text. */
export interface WebArea {
  /** The domain's page entry (path, title shown in the sidebar and breadcrumb, level, sidebar group). */
  page: PageDef;
  /** Its sidebar icon (components/ui/shell-icons.ts: the sidebar is plain SVG, part of the first screen). */
  icon: ShellIconName;
  /** The built page (heavy pages load on first visit); absent while an open issue owns the page. */
  Page?: ComponentType;
  /** What the page will hold, on its 'En construcción' card, while it is not built. */
  placeholder?: string;
  /**
   * A likely next page: its code (and its first data, when it has a fixed first screen) is fetched when the browser
   * is idle after the shell has loaded (app/prefetch-pages.ts, docs/performance.md "The web between pages").
   */
  prefetch?: {
    code: () => Promise<unknown>;
    data?: (client: QueryClient, signal?: AbortSignal) => Promise<unknown>;
  };
}

/**
 * A page's first data, fetched ahead from its page-data module: the module downloads first, and when the shell is
 * gone by then (`signal` aborted: a sign-out) no request is made, so nothing reaches the server after the shell
 * that asked for it.
 */
export function pageData<M>(
  load: () => Promise<M>,
  prefetch: (m: M, client: QueryClient) => Promise<unknown>,
): (client: QueryClient, signal?: AbortSignal) => Promise<unknown> {
  return async (client, signal) => {
    const m = await load();
    if (signal?.aborted) return;
    await prefetch(m, client);
  };
}

/**
 * A lazy page whose code can also be fetched ahead: `Page` and `code` share one download, and a failed download is
 * tried again by the next call (React.lazy would otherwise keep the failure).
 */
function prefetchable<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  data?: (client: QueryClient, signal?: AbortSignal) => Promise<unknown>,
): Pick<WebArea, 'Page' | 'prefetch'> {
  let pending: Promise<M> | null = null;
  const code = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  return { Page: lazy(() => code().then((m) => ({ default: pick(m) }))), prefetch: { code, data } };
}

type AreaParts = Omit<WebArea, 'page' | 'icon'>;

function area(key: string, icon: WebArea['icon'], parts: AreaParts): WebArea {
  const page = PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`areas.ts: no page '${key}' in the domain page table (PAGES)`);
  return { page, icon, ...parts };
}

/**
 * Every page of the domain page table, one line each: the router builds a guarded route for each, the
 * sidebar takes its icon from here and the 'En construcción' card its text. A new area is a folder under
 * features/ plus one line here (and its row in the domain's PAGES); see docs/architecture.md.
 */
export const AREAS: readonly WebArea[] = [
  area('home', 'Dashboard', {
    Page: lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage }))),
  }),
  area(
    'clientes',
    'People',
    prefetchable(
      () => import('../features/customers/pages/customers-page'),
      (m) => m.CustomersPage,
      pageData(
        () => import('../features/customers/pages/page-data'),
        (m, client) => m.prefetchCustomersPage(client),
      ),
    ),
  ),
  area('soporte', 'SupportAgent', {
    Page: lazy(() => import('../features/support/pages/support-page').then((m) => ({ default: m.SupportPage }))),
  }),
  area('agenda', 'CalendarMonth', {
    Page: lazy(() => import('../features/agenda/pages/agenda-page').then((m) => ({ default: m.AgendaPage }))),
  }),
  // The panel's data depends on the customer: the list prefetches it when the pointer is over a row.
  area(
    'profile',
    'Person',
    prefetchable(
      () => import('../features/customers/pages/customer-panel-page'),
      (m) => m.CustomerPanelPage,
    ),
  ),
  area('usuarios', 'ManageAccounts', {
    Page: lazy(() => import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage }))),
  }),
  area('administracion', 'Settings', {
    Page: lazy(() =>
      import('../features/administration/pages/administration-page').then((m) => ({ default: m.AdministrationPage })),
    ),
  }),
  area('empleados', 'Badge', {
    Page: lazy(() => import('../features/employees/pages/employees-page').then((m) => ({ default: m.EmployeesPage }))),
  }),
  area('cortes-programados', 'EventBusy', {
    Page: lazy(() =>
      import('../features/automation/pages/scheduled-cuts-page').then((m) => ({ default: m.ScheduledCutsPage })),
    ),
  }),
  area('recordatorios', 'MarkChatUnread', {
    Page: lazy(() => import('../features/automation/pages/reminders-page').then((m) => ({ default: m.RemindersPage }))),
  }),
  area('usuarios-conectados', 'Wifi', {
    Page: lazy(() =>
      import('../features/connected-users/pages/connected-users-page').then((m) => ({
        default: m.ConnectedUsersPage,
      })),
    ),
  }),
  area(
    'devices',
    'Router',
    prefetchable(
      () => import('../features/network/pages/devices-page'),
      (m) => m.DevicesPage,
      pageData(
        () => import('../features/network/pages/page-data'),
        (m, client) => m.prefetchDevicesPage(client),
      ),
    ),
  ),
  area('sites', 'CellTower', {
    Page: lazy(() => import('../features/network/pages/sites-page').then((m) => ({ default: m.SitesPage }))),
  }),
  area('routers', 'Hub', {
    Page: lazy(() => import('../features/network/pages/routers-page').then((m) => ({ default: m.RoutersPage }))),
  }),
  area('inventario-router', 'Hub', {
    Page: lazy(() =>
      import('../features/network/pages/router-inventory-page').then((m) => ({ default: m.RouterInventoryPage })),
    ),
  }),
  area(
    'finanzas',
    'AccountBalance',
    prefetchable(
      () => import('../features/finance-report/pages/finance-report-page'),
      (m) => m.FinanceReportPage,
      pageData(
        () => import('../features/finance-report/pages/page-data'),
        (m, client) => m.prefetchFinanceReportPage(client),
      ),
    ),
  ),
  area('reporte-diario', 'EventNote', {
    Page: lazy(() =>
      import('../features/daily-report/pages/daily-report-page').then((m) => ({ default: m.DailyReportPage })),
    ),
  }),
  area('gastos', 'ReceiptLong', {
    Page: lazy(() => import('../features/expenses/pages/expenses-page').then((m) => ({ default: m.ExpensesPage }))),
  }),
  area('caja', 'PointOfSale', {
    Page: lazy(() => import('../features/cash/pages/cash-page').then((m) => ({ default: m.CashPage }))),
  }),
  area('facturacion', 'ReceiptLong', {
    Page: lazy(() => import('../features/invoicing/pages/invoicing-page').then((m) => ({ default: m.InvoicingPage }))),
  }),
  area('api-keys', 'Key', {
    Page: lazy(() => import('../features/api-keys/pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage }))),
  }),
  area('tareas', 'Schedule', {
    Page: lazy(() => import('../features/automation/pages/tasks-page').then((m) => ({ default: m.TasksPage }))),
  }),
  area('whatsapp-conversaciones', 'WhatsApp', {
    Page: lazy(() =>
      import('../features/whatsapp/pages/whatsapp-conversations-page').then((m) => ({
        default: m.WhatsAppConversationsPage,
      })),
    ),
  }),
  area('whatsapp-pruebas', 'Science', {
    Page: lazy(() =>
      import('../features/whatsapp/pages/whatsapp-pruebas-page').then((m) => ({ default: m.WhatsAppPruebasPage })),
    ),
  }),
  area('notificaciones', 'Notifications', {
    Page: lazy(() =>
      import('../features/notifications/pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
    ),
  }),
];

const BY_KEY = new Map(AREAS.map((a) => [a.page.key, a]));

/** The area of a domain page key (every page of PAGES has one; areas.test.ts checks it). */
export function areaOf(key: string): WebArea | undefined {
  return BY_KEY.get(key);
}
