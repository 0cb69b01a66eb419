import { LEVEL } from './levels';

/**
 * Minimum level of every server action (docs/access.md). The server guards each route with
 * one of these keys; the web reads the same table to hide what a level cannot use.
 */
export const ACTIONS = {
  'session.check': LEVEL.signedIn,
  'notifications.own': LEVEL.signedIn,
  'notifications.broadcast': LEVEL.signedIn,
  'customers.read': LEVEL.support,
  'customers.create': LEVEL.cashier,
  'customers.edit': LEVEL.cashier,
  'payments.register': LEVEL.cashier,
  'contracts.print': LEVEL.cashier,
  'contracts.cut': LEVEL.supervisor,
  'contracts.cancel': LEVEL.supervisor,
  'contracts.authorize': LEVEL.authorizer,
  'support.read': LEVEL.support,
  'support.create': LEVEL.signedIn,
  'support.manage': LEVEL.support,
  'agenda.read': LEVEL.support,
  'logs.create': LEVEL.signedIn,
  'visits.create': LEVEL.signedIn,
  'finance.summaries': LEVEL.user,
  'finance.overdue': LEVEL.user,
  'finance.reconnections': LEVEL.user,
  'network.traffic': LEVEL.user,
  'devices.read': LEVEL.user,
  /** Read one radio now ('Sondear ahora'); reads only, so the level that sees the radios. */
  'devices.poll': LEVEL.user,
  'finance.bank': LEVEL.cashier,
  'finance.accounts': LEVEL.cashier,
  'finance.expenses': LEVEL.cashier,
  'finance.cashclose': LEVEL.cashier,
  'finance.report': LEVEL.admin,
  'finance.cashreopen': LEVEL.admin,
  'users.read': LEVEL.admin,
  'users.manage': LEVEL.admin,
  'presence.read': LEVEL.admin,
  'admin.settings': LEVEL.admin,
  'network.manage': LEVEL.admin,
  /** The plans' list (the contract form reads it): everyone signed in. */
  'plans.read': LEVEL.signedIn,
  /** Administración › Planes: edit a plan's name, amount and speeds. */
  'plans.manage': LEVEL.admin,
  'employees.manage': LEVEL.admin,
  'apikeys.manage': LEVEL.admin,
  'whatsapp.use': LEVEL.admin,
  /** Cortes programados and payment reminders (issue 15): schedule, approvals, runs and their undo, 'no cortar' marks, reminders. */
  'automation.manage': LEVEL.admin,
  /** Invoices (CFDI, issue 26): read them and the fiscal data, invoice a payment, send one by WhatsApp. */
  'invoices.issue': LEVEL.cashier,
  /** Cancel invoices, issue the global invoice, Administración › Facturación. */
  'invoices.manage': LEVEL.admin,
  /** The Tareas page: the job runner's schedules, and run one now. */
  'jobs.manage': LEVEL.admin,
} as const;

export type ActionKey = keyof typeof ACTIONS;

export function canDo(level: number, action: ActionKey): boolean {
  return Number.isFinite(level) && level >= ACTIONS[action];
}

/** Customer panel buttons per level (docs/access.md). */
export function customerPanelButtons(level: number) {
  return {
    pago: canDo(level, 'payments.register'),
    editar: canDo(level, 'customers.edit'),
    imprimir: canDo(level, 'contracts.print'),
    cortarReconectar: canDo(level, 'contracts.cut'),
    cancelarContrato: canDo(level, 'contracts.cancel'),
    autorizar: canDo(level, 'contracts.authorize'),
    soporte: true,
    registro: true,
    visita: true,
  };
}
