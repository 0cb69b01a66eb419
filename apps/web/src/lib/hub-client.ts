import { io } from 'socket.io-client';
import { z } from '@airlink/domain';

/**
 * What the push hub's connection needs beyond lib/realtime.ts's state: socket.io's client and the checks of what
 * the server sends. A chunk of its own, fetched when the first connection opens (after the first screen has
 * rendered), so socket.io, engine.io and these schemas stay out of the first screen (docs/performance.md).
 */
export { io };
export const ackSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
export const sessionEndedSchema = z.object({ reason: z.string() });
