import { formatDate, formatTime } from '../format/format';

/** Conversations refresh every 180 s; the countdown restarts after each refresh (docs/business-rules.md "Screens" and "Constants and limits"). */
export const CONVERSATIONS_REFRESH_SECONDS = 180;
/** The status is checked again 2 s after 'Conectar' and 5 s after 'Reiniciar' (docs/business-rules.md "Screens"). */
export const RECHECK_AFTER_CONNECT_MS = 2_000;
export const RECHECK_AFTER_RESTART_MS = 5_000;
/** Below this width selecting a conversation scrolls to the message panel (docs/business-rules.md "Screens"). */
export const WHATSAPP_MOBILE_BREAKPOINT_PX = 1024;

const HOUR_MS = 3_600_000;

/**
 * The time of a message or conversation (docs/business-rules.md "Constants and limits"): the time of day within 24 h, 'Ayer' between
 * 24 and 48 h, otherwise its date (es-MX), in the business time zone.
 */
export function messageTimeText(at: Date | string, now: Date, timeZone: string): string {
  const when = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(when.getTime())) return '';
  const elapsed = now.getTime() - when.getTime();
  if (elapsed < 24 * HOUR_MS) return formatTime(when, timeZone);
  if (elapsed < 48 * HOUR_MS) return 'Ayer';
  return formatDate(when, timeZone);
}

/** The countdown's label: seconds under 60, otherwise whole minutes (rounded up). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return s < 60 ? `${s}s` : `${Math.ceil(s / 60)}m`;
}
