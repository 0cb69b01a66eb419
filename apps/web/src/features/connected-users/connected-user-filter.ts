import { activityColor, foldText, type ConnectedUser } from '@airlink/domain';

export type ActivityFilter = 'todos' | 'activos' | 'inactivos';

/** Lower case without accents, so 'jose' finds 'José' and 'HERNANDEZ' finds 'Hernández'. */
export const normalizeSearch = foldText;

/** Minutes since the connection's last activity (NaN when its date is invalid). */
export function minutesSinceActivity(user: Pick<ConnectedUser, 'lastActivity'>, now: Date): number {
  return (now.getTime() - new Date(user.lastActivity).getTime()) / 60_000;
}

/**
 * Active means the same as the green dot (under ACTIVE_MINUTES since the last activity), computed
 * against the page's clock so the filter and the dots agree between refreshes.
 */
export function isActiveAt(user: Pick<ConnectedUser, 'lastActivity'>, now: Date): boolean {
  return activityColor(new Date(user.lastActivity), now) === 'green';
}

/** The fields the search box looks in: name, user, IP, computer and current page. */
function searchText(user: ConnectedUser): string {
  return normalizeSearch(
    [user.fullName, user.userName, user.ipAddress, user.computerName, user.currentPage].join('\n'),
  );
}

/** Every word typed must appear in one of the searched fields (case- and accent-insensitive). */
export function filterConnectedUsers(
  users: readonly ConnectedUser[],
  query: string,
  filter: ActivityFilter,
  now: Date,
): ConnectedUser[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  return users.filter((u) => {
    if (filter === 'activos' && !isActiveAt(u, now)) return false;
    if (filter === 'inactivos' && isActiveAt(u, now)) return false;
    if (words.length === 0) return true;
    const text = searchText(u);
    return words.every((w) => text.includes(w));
  });
}
