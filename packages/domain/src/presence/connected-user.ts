import { z } from '../zod';
import { lineText } from '../http/input';

/** One push-hub connection of a staff member (docs/api-contract.md "Usuarios conectados"). */
export const connectedUserSchema = z.object({
  userName: z.string(),
  fullName: z.string(),
  connectionId: z.string(),
  ipAddress: z.string(),
  computerName: z.string(),
  userAgent: z.string(),
  currentPage: z.string(),
  currentAction: z.string(),
  connectedAt: z.string(),
  lastActivity: z.string(),
  isActive: z.boolean(),
});
export type ConnectedUser = z.infer<typeof connectedUserSchema>;

/** Counters of the connected-users page (docs/api-contract.md "Usuarios conectados"). */
export const connectionStatsSchema = z.object({
  totalConnected: z.number().int(),
  activeUsers: z.number().int(),
  inactiveUsers: z.number().int(),
  recentActivity: z.number().int(),
});
export type ConnectionStats = z.infer<typeof connectionStatsSchema>;

/** What the server sees of the browser's address (GET /api/ConnectedUsers/test-connection). */
export const connectionTestSchema = z.object({
  requestIP: z.string(),
  forwardedFor: z.string().nullable(),
  realIP: z.string().nullable(),
  calculatedRealIP: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** A connection is active while its last activity is under this many minutes old. */
export const ACTIVE_MINUTES = 5;

export type ActivityColor = 'green' | 'yellow' | 'red';

/** Activity colour: green under 5 minutes since last activity, yellow under 15, red otherwise. */
export function activityColor(lastActivity: Date, now: Date): ActivityColor {
  const minutes = (now.getTime() - lastActivity.getTime()) / 60_000;
  if (!Number.isFinite(minutes)) return 'red';
  if (minutes < ACTIVE_MINUTES) return 'green';
  if (minutes < 15) return 'yellow';
  return 'red';
}

export const updateUserPageSchema = z.object({ page: lineText().min(1).max(300) });
export const updateUserActivitySchema = z.object({ action: lineText().min(1).max(200) });
export const groupNameSchema = lineText().min(1).max(100);
