// The schema of a group is in accounts-schema.ts: the web's first screen uses these rules without zod.

/**
 * Account groups decide where income is counted (docs/business-rules.md "Accounts and payment places"): Tizayuca cash, Pachuca cash, bank,
 * and adjustment. This file is the one place that knows which accounts are money.
 */
export const ACCOUNT_GROUPS = ['tizayuca', 'pachuca', 'banco', 'ajuste'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];

/** Spanish names of the groups, as reports, charts and the CSV label them. */
export const ACCOUNT_GROUP_LABELS: Record<AccountGroup, string> = {
  tizayuca: 'Efectivo Tizayuca',
  pachuca: 'Efectivo Pachuca',
  banco: 'Banco',
  ajuste: 'Ajuste',
};

/** The groups that hold real money, in the order reports list them. 'ajuste' is not one of them. */
export const INCOME_GROUPS = ['tizayuca', 'pachuca', 'banco'] as const satisfies readonly AccountGroup[];
export type IncomeGroup = (typeof INCOME_GROUPS)[number];

/** The cash offices: the groups whose day is closed ('Corte de caja'). */
export const CASH_GROUPS = ['tizayuca', 'pachuca'] as const satisfies readonly IncomeGroup[];

/**
 * Is money in this group income? Adjustment accounts (8, 9, 10) correct a customer's paid period: they are
 * neither income nor a place to pay expenses from, and only level 20 registers payments on them.
 */
export function isIncomeGroup(group: AccountGroup): group is IncomeGroup {
  return (INCOME_GROUPS as readonly string[]).includes(group);
}

/** Payment places are accounts, with the spec's ids (docs/business-rules.md "Constants and limits"). */
export const PAYMENT_PLACES = [
  { id: 4, nombre: 'Oficina Aurrera', group: 'tizayuca' },
  { id: 3, nombre: 'Oficina Pachuca', group: 'pachuca' },
  { id: 2, nombre: 'Banamex Crispin', group: 'banco' },
  { id: 5, nombre: 'Tarjeta', group: 'banco' },
  { id: 6, nombre: 'Banamex Airlink', group: 'banco' },
  { id: 8, nombre: 'Ajuste de Fecha (efectivo)', group: 'ajuste' },
  { id: 9, nombre: 'Ajuste (tarjeta)', group: 'ajuste' },
  { id: 10, nombre: 'Ajuste (deposito)', group: 'ajuste' },
  /** Payments made online through Mercado Pago (the customer portal, issue 24). */
  { id: 11, nombre: 'Mercado Pago', group: 'banco' },
] as const satisfies ReadonlyArray<{ id: number; nombre: string; group: AccountGroup }>;

export const DEFAULT_PAYMENT_PLACE_ID = 4;
/** The bank-group account online payments (Mercado Pago) are registered in. */
export const MERCADOPAGO_ACCOUNT_ID = 11;

/** The group of a seeded payment place, or undefined for an id that is not one. */
export function accountGroupOf(idCuenta: number): AccountGroup | undefined {
  return PAYMENT_PLACES.find((p) => p.id === idCuenta)?.group;
}

/** The ids of the seeded payment places of a group, in the spec's order. */
export function accountIdsOf(group: AccountGroup): number[] {
  return PAYMENT_PLACES.filter((p) => p.group === group).map((p) => p.id);
}

/** An adjustment account (8, 9, 10): not income. */
export function isAdjustmentAccount(idCuenta: number): boolean {
  return accountGroupOf(idCuenta) === 'ajuste';
}

/** A bank account (2, 5, 6, 11): the only accounts with bank movements and statements. */
export function isBankAccount(idCuenta: number): boolean {
  return accountGroupOf(idCuenta) === 'banco';
}
