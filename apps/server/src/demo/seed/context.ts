import { businessDate } from '@airlink/domain';
import type * as schema from '../../db/schema';
import { addMonths, type IsoDate } from './dates';
import { Rng } from './prng';

/** Fixed seed of the demo data: the same `now` always gives the same rows. */
export const DEMO_SEED = 0x0a1f11c5;

/** Months of payment history kept in the demo. */
export const PAYMENT_HISTORY_MONTHS = 18;

/** Ids of the demo users (inserted with these ids into an empty `users` table). */
export const USER_IDS = {
  soporte: 1,
  tecnico: 2,
  cajero: 3,
  supervisor: 4,
  gerente: 5,
  admin: 6,
  /** A former cashier, deactivated: shows deactivation and owns older payments. */
  exCajero: 7,
} as const;

export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
export type ContratoRow = Insert<typeof schema.contratos> & { id: number };
export type PagoRow = Insert<typeof schema.pagos> & { id: number };
export type ReciboRow = Insert<typeof schema.recibos> & { id: number };
export type MovimientoRow = Insert<typeof schema.movimientosBancarios> & { id: number };

export interface DemoContext {
  now: Date;
  /** Business date of `now` (America/Mexico_City). */
  today: IsoDate;
  historyStart: IsoDate;
  rng: Rng;
  /** Every MAC handed out, so customer radios and access points never collide. */
  macs: Set<string>;
}

export function createContext(now: Date): DemoContext {
  const today = businessDate(now);
  return {
    now,
    today,
    historyStart: addMonths(today, -PAYMENT_HISTORY_MONTHS),
    rng: new Rng(DEMO_SEED),
    macs: new Set(),
  };
}

/** Organizationally unique identifiers of Ubiquiti radios. */
const UBIQUITI_OUIS = [
  '24:A4:3C',
  '44:D9:E7',
  '68:72:51',
  '78:8A:20',
  '80:2A:A8',
  'B4:FB:E4',
  'F0:9F:C2',
  'FC:EC:DA',
  '74:83:C2',
  'E0:63:DA',
];

export function nextMac(ctx: DemoContext, rng: Rng): string {
  for (;;) {
    const bytes = [0, 0, 0].map(() => rng.int(0, 255).toString(16).padStart(2, '0').toUpperCase());
    const mac = `${rng.pick(UBIQUITI_OUIS)}:${bytes.join(':')}`;
    if (!ctx.macs.has(mac)) {
      ctx.macs.add(mac);
      return mac;
    }
  }
}

/** Rounds to centavos. */
export function cents(n: number): number {
  return Math.round(n * 100) / 100;
}
