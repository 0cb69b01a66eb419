import { LEVEL } from './levels';

export type PageGroupKey = 'clientes' | 'administracion' | 'infraestructura' | 'finanzas' | 'sistema';

export interface PageDef {
  key: string;
  /** Absolute path in the web app. */
  path: string;
  /** Spanish title shown in the sidebar and breadcrumb. */
  title: string;
  minLevel: number;
  /** Sidebar group; the dashboard item stands apart, the customer panel is hidden. */
  group: PageGroupKey | null;
  /** Listed in the sidebar when the level reaches it. */
  visible: boolean;
}

export const PAGE_GROUPS: ReadonlyArray<{ key: PageGroupKey; title: string }> = [
  { key: 'clientes', title: 'Gestión de Clientes' },
  { key: 'administracion', title: 'Administración' },
  { key: 'infraestructura', title: 'Infraestructura' },
  { key: 'finanzas', title: 'Finanzas' },
  { key: 'sistema', title: 'Sistema' },
];

const d = (p: string) => `/dashboard/${p}`;

/**
 * Every page of both spec documents, in route order. Route order decides the landing page:
 * the separate dashboard item comes first, then the groups in sidebar order.
 */
export const PAGES: readonly PageDef[] = [
  {
    key: 'home',
    path: d('home'),
    title: 'Dashboard',
    minLevel: LEVEL.user,
    group: null,
    visible: true,
  },
  {
    key: 'clientes',
    path: d('clientes'),
    title: 'Clientes',
    minLevel: LEVEL.support,
    group: 'clientes',
    visible: true,
  },
  {
    key: 'soporte',
    path: d('soporte'),
    title: 'Soporte',
    minLevel: LEVEL.support,
    group: 'clientes',
    visible: true,
  },
  {
    key: 'agenda',
    path: d('agenda'),
    title: 'Agenda',
    minLevel: LEVEL.support,
    group: 'clientes',
    visible: true,
  },
  {
    key: 'profile',
    path: d('profile'),
    title: 'Cliente',
    minLevel: LEVEL.support,
    group: 'clientes',
    visible: false,
  },
  {
    key: 'usuarios',
    path: d('usuarios'),
    title: 'Usuarios',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  {
    key: 'administracion',
    path: d('administracion'),
    title: 'Administracion',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  {
    key: 'empleados',
    path: d('empleados'),
    title: 'Empleados',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  // Beyond the spec (issue 15): scheduled suspensions with preview, approval and undo.
  {
    key: 'cortes-programados',
    path: d('cortes-programados'),
    title: 'Cortes programados',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  // Beyond the spec (issue 15): payment reminders by WhatsApp before the cut-off date.
  {
    key: 'recordatorios',
    path: d('recordatorios'),
    title: 'Recordatorios de pago',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  {
    key: 'usuarios-conectados',
    path: d('usuarios-conectados'),
    title: 'Usuarios Conectados',
    minLevel: LEVEL.admin,
    group: 'administracion',
    visible: true,
  },
  {
    key: 'devices',
    path: d('devices'),
    title: 'Dispositivos',
    minLevel: LEVEL.user,
    group: 'infraestructura',
    visible: true,
  },
  {
    key: 'sites',
    path: d('sites'),
    title: 'Sites',
    minLevel: LEVEL.admin,
    group: 'infraestructura',
    visible: true,
  },
  {
    key: 'routers',
    path: d('routers'),
    title: 'Routers',
    minLevel: LEVEL.admin,
    group: 'infraestructura',
    visible: true,
  },
  {
    key: 'inventario-router',
    path: d('inventario-router'),
    title: 'Inventario del router',
    minLevel: LEVEL.admin,
    group: 'infraestructura',
    visible: false,
  },
  {
    key: 'finanzas',
    path: d('finanzas'),
    title: 'Finanzas',
    minLevel: LEVEL.admin,
    group: 'finanzas',
    visible: true,
  },
  // Beyond the spec (issue 15): the owner's daily report, also sent by WhatsApp.
  {
    key: 'reporte-diario',
    path: d('reporte-diario'),
    title: 'Reporte diario',
    minLevel: LEVEL.admin,
    group: 'finanzas',
    visible: true,
  },
  {
    key: 'gastos',
    path: d('gastos'),
    title: 'Gastos',
    minLevel: LEVEL.cashier,
    group: 'finanzas',
    visible: true,
  },
  // Beyond the spec (docs/business-rules.md "Finance"): cash close per office and day, bank statements and pending deposits.
  {
    key: 'caja',
    path: d('caja'),
    title: 'Caja y Bancos',
    minLevel: LEVEL.cashier,
    group: 'finanzas',
    visible: true,
  },
  // Beyond the spec (issue 26): CFDI invoices of the month, the global invoice and the PAC's errors.
  {
    key: 'facturacion',
    path: d('facturacion'),
    title: 'Facturación',
    minLevel: LEVEL.cashier,
    group: 'finanzas',
    visible: true,
  },
  {
    key: 'api-keys',
    path: d('api-keys'),
    title: 'Api Keys',
    minLevel: LEVEL.admin,
    group: 'sistema',
    visible: true,
  },
  // Beyond the spec (issue 15): the job runner's schedules, last runs and failures, run now.
  {
    key: 'tareas',
    path: d('tareas'),
    title: 'Tareas',
    minLevel: LEVEL.admin,
    group: 'sistema',
    visible: true,
  },
  {
    key: 'whatsapp-conversaciones',
    path: d('whatsapp-conversaciones'),
    title: 'WhatsApp Conversaciones',
    minLevel: LEVEL.admin,
    group: 'sistema',
    visible: true,
  },
  {
    key: 'whatsapp-pruebas',
    path: d('whatsapp-pruebas'),
    title: 'WhatsApp Pruebas',
    minLevel: LEVEL.admin,
    group: 'sistema',
    visible: false,
  },
  {
    key: 'notificaciones',
    path: d('notificaciones'),
    title: 'Notificaciones',
    minLevel: LEVEL.signedIn,
    group: null,
    visible: false,
  },
];

export function findPage(pathname: string): PageDef | undefined {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return PAGES.find((page) => page.path === p);
}

export function canSeePage(level: number, page: Pick<PageDef, 'minLevel'>): boolean {
  return Number.isFinite(level) && level >= page.minLevel;
}

export interface SidebarGroup {
  key: PageGroupKey;
  title: string;
  pages: PageDef[];
}

export interface Sidebar {
  /** The separate top item (null when the level does not reach the home dashboard). */
  dashboard: PageDef | null;
  groups: SidebarGroup[];
}

/** The sidebar a level sees: visible pages the level reaches, empty groups left out. */
export function sidebarFor(level: number): Sidebar {
  const listed = PAGES.filter((p) => p.visible && canSeePage(level, p));
  const dashboard = listed.find((p) => p.key === 'home') ?? null;
  const groups = PAGE_GROUPS.map((g) => ({
    ...g,
    pages: listed.filter((p) => p.group === g.key),
  })).filter((g) => g.pages.length > 0);
  return { dashboard, groups };
}

/** Where a user goes after sign-in: the first page, in route order, that the level allows. */
export function landingPathFor(level: number): string | null {
  const s = sidebarFor(level);
  return s.dashboard?.path ?? s.groups[0]?.pages[0]?.path ?? null;
}

export type HomeView = 'admin' | 'user' | 'empty';

/** Home dashboard view: 20+ admin, 10..19 user (level 19 decided: user view), below 10 empty. */
export function homeViewFor(level: number): HomeView {
  if (level >= LEVEL.admin) return 'admin';
  if (level >= LEVEL.user) return 'user';
  return 'empty';
}
