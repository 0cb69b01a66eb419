import { groupNameSchema, updateUserActivitySchema, updateUserPageSchema } from '@airlink/domain';
import { z } from 'zod';

/** Largest Socket.IO packet a client may send (a notice is at most ~1.5 KB of text); larger ones close the connection. */
export const MAX_CLIENT_PACKET_BYTES = 16 * 1024;
/** UpdateUserActivity is accepted at most once per this many ms per socket (the web sends it at most every few seconds). */
export const ACTIVITY_INTERVAL_MS = 1_000;
/** Every socket's events together: a burst of this many, then this many per second. */
export const EVENT_BURST = 30;
export const EVENTS_PER_SECOND = 10;
/** Groups one socket may join. */
export const MAX_GROUPS_PER_SOCKET = 20;

/**
 * The arguments of every event a client may send (the acknowledgement callback removed), as exact
 * tuples: a wrong type, a missing or an extra argument is refused. Each has its Spanish refusal.
 */
export const clientEvents = {
  UpdateUserPage: { args: z.tuple([updateUserPageSchema.shape.page]), invalid: 'Página inválida' },
  UpdateUserActivity: { args: z.tuple([updateUserActivitySchema.shape.action]), invalid: 'Actividad inválida' },
  JoinGroup: { args: z.tuple([groupNameSchema]), invalid: 'Nombre de grupo inválido' },
  SendToGroup: {
    args: z.tuple([groupNameSchema, z.string().trim().min(1).max(2000)]),
    invalid: 'Indica el grupo y el mensaje',
  },
  // The notice's fields are checked by the domain's notificationInputSchema afterwards; here only its shape.
  SendMessage: {
    args: z.tuple([
      z.union([
        z.string().max(2000),
        z.record(z.string().max(40), z.unknown()).refine((o) => Object.keys(o).length <= 10),
      ]),
    ]),
    invalid: 'Mensaje inválido',
  },
} as const;

export type ClientEventName = keyof typeof clientEvents;

export const isClientEvent = (name: string): name is ClientEventName => Object.hasOwn(clientEvents, name);

/** Splits a packet's arguments from its acknowledgement callback (the last argument when it is a function). */
export function splitAck(args: unknown[]): { args: unknown[]; ack: ((res: unknown) => void) | null } {
  const last = args[args.length - 1];
  return typeof last === 'function'
    ? { args: args.slice(0, -1), ack: last as (res: unknown) => void }
    : { args, ack: null };
}

/** A per-socket token bucket for all events, plus the one-a-second rule for activity reports. */
export class SocketLimiter {
  private tokens = EVENT_BURST;
  private refilledAt: number;
  private lastActivity = -Infinity;

  constructor(now = Date.now()) {
    this.refilledAt = now;
  }

  /** Whether this event may go through now; a refused event uses no budget. */
  allow(event: string, now = Date.now()): boolean {
    this.tokens = Math.min(EVENT_BURST, this.tokens + ((now - this.refilledAt) / 1000) * EVENTS_PER_SECOND);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    if (event === 'UpdateUserActivity') {
      if (now - this.lastActivity < ACTIVITY_INTERVAL_MS) return false;
      this.lastActivity = now;
    }
    this.tokens -= 1;
    return true;
  }
}
