import { z } from 'zod';

/** One push-hub connection of a staff member (spec 001 section 3, "Connected user"). */
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

export const updateUserPageSchema = z.object({ page: z.string().trim().min(1).max(300) });
export const updateUserActivitySchema = z.object({ action: z.string().trim().min(1).max(200) });
export const groupNameSchema = z.string().trim().min(1).max(100);
