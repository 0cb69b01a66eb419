import { PAGES, type PageDef } from '@airlink/domain';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BadgeIcon from '@mui/icons-material/Badge';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MarkChatUnreadIcon from '@mui/icons-material/MarkChatUnread';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RouterIcon from '@mui/icons-material/Router';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import WifiIcon from '@mui/icons-material/Wifi';
import type { SvgIconProps } from '@mui/material';
import { lazy, type ComponentType } from 'react';
import { HomePage } from '../features/home/pages/home-page';

/** One page of the back-office as the web shows it: its navigation icon and its page, or its placeholder text. */
export interface WebArea {
  /** The domain's page entry (path, title shown in the sidebar and breadcrumb, level, sidebar group). */
  page: PageDef;
  icon: ComponentType<SvgIconProps>;
  /** The built page (heavy pages load on first visit); absent while an open issue owns the page. */
  Page?: ComponentType;
  /** What the page will hold, on its 'En construcción' card, while it is not built. */
  placeholder?: string;
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
  area('home', DashboardIcon, { Page: HomePage }),
  area('clientes', PeopleIcon, {
    Page: lazy(() => import('../features/customers/pages/customers-page').then((m) => ({ default: m.CustomersPage }))),
  }),
  area('soporte', SupportAgentIcon, {
    Page: lazy(() => import('../features/support/pages/support-page').then((m) => ({ default: m.SupportPage }))),
  }),
  area('agenda', CalendarMonthIcon, {
    Page: lazy(() => import('../features/agenda/pages/agenda-page').then((m) => ({ default: m.AgendaPage }))),
  }),
  area('profile', PersonIcon, {
    Page: lazy(() =>
      import('../features/customers/pages/customer-panel-page').then((m) => ({ default: m.CustomerPanelPage })),
    ),
  }),
  area('usuarios', ManageAccountsIcon, {
    Page: lazy(() => import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage }))),
  }),
  area('administracion', SettingsIcon, {
    Page: lazy(() =>
      import('../features/administration/pages/administration-page').then((m) => ({ default: m.AdministrationPage })),
    ),
  }),
  area('empleados', BadgeIcon, {
    Page: lazy(() => import('../features/employees/pages/employees-page').then((m) => ({ default: m.EmployeesPage }))),
  }),
  area('cortes-programados', EventBusyIcon, {
    Page: lazy(() =>
      import('../features/automation/pages/scheduled-cuts-page').then((m) => ({ default: m.ScheduledCutsPage })),
    ),
  }),
  area('recordatorios', MarkChatUnreadIcon, {
    Page: lazy(() => import('../features/automation/pages/reminders-page').then((m) => ({ default: m.RemindersPage }))),
  }),
  area('usuarios-conectados', WifiIcon, {
    Page: lazy(() =>
      import('../features/connected-users/pages/connected-users-page').then((m) => ({
        default: m.ConnectedUsersPage,
      })),
    ),
  }),
  area('devices', RouterIcon, {
    Page: lazy(() => import('../features/network/pages/devices-page').then((m) => ({ default: m.DevicesPage }))),
  }),
  area('sites', CellTowerIcon, {
    Page: lazy(() => import('../features/network/pages/sites-page').then((m) => ({ default: m.SitesPage }))),
  }),
  area('routers', HubIcon, {
    Page: lazy(() => import('../features/network/pages/routers-page').then((m) => ({ default: m.RoutersPage }))),
  }),
  area('finanzas', AccountBalanceIcon, {
    Page: lazy(() =>
      import('../features/finance-report/pages/finance-report-page').then((m) => ({ default: m.FinanceReportPage })),
    ),
  }),
  area('reporte-diario', EventNoteIcon, {
    Page: lazy(() =>
      import('../features/daily-report/pages/daily-report-page').then((m) => ({ default: m.DailyReportPage })),
    ),
  }),
  area('gastos', ReceiptLongIcon, {
    Page: lazy(() => import('../features/expenses/pages/expenses-page').then((m) => ({ default: m.ExpensesPage }))),
  }),
  area('caja', PointOfSaleIcon, {
    Page: lazy(() => import('../features/cash/pages/cash-page').then((m) => ({ default: m.CashPage }))),
  }),
  area('api-keys', KeyIcon, {
    Page: lazy(() => import('../features/api-keys/pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage }))),
  }),
  area('tareas', ScheduleIcon, {
    Page: lazy(() => import('../features/automation/pages/tasks-page').then((m) => ({ default: m.TasksPage }))),
  }),
  area('whatsapp-conversaciones', WhatsAppIcon, {
    Page: lazy(() =>
      import('../features/whatsapp/pages/whatsapp-conversations-page').then((m) => ({
        default: m.WhatsAppConversationsPage,
      })),
    ),
  }),
  area('whatsapp-pruebas', ScienceIcon, {
    Page: lazy(() =>
      import('../features/whatsapp/pages/whatsapp-pruebas-page').then((m) => ({ default: m.WhatsAppPruebasPage })),
    ),
  }),
  area('notificaciones', NotificationsIcon, {
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
