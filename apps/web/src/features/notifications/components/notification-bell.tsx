import { badgeText, unreadCount } from '@airlink/domain';
import { useCallback, useState } from 'react';
import { Hint } from '../../../components/ui/hint';
import { ShellIcon } from '../../../components/ui/shell-icon';
import { idleLazy, useOpenedOnce, usePrefetchWhenIdle } from '../../../lib/idle-lazy';
import { useNotifications } from '../use-notifications';

// The menu (Popover, list, bulk actions) and its notice form are not part of the first screen: both are fetched once
// the browser is idle after the shell shows, so the menu opens at once, offline too.
const menu = idleLazy(() =>
  import('./notification-menu').then(async (m) => {
    await m.loadSendNoticeForm();
    return m.NotificationMenu;
  }),
);

/** Navbar bell: unread badge ('9+' above 9) and the notification menu. */
export function NotificationBell() {
  const notifications = useNotifications();
  const unread = unreadCount(notifications);
  const badge = badgeText(unread);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const used = useOpenedOnce(anchor !== null);
  const close = useCallback(() => setAnchor(null), []);
  usePrefetchWhenIdle(menu.prefetch);

  return (
    <>
      <Hint title="Notificaciones">
        <button
          type="button"
          className="sh-icon-btn sh-icon-btn-inherit"
          aria-label={unread > 0 ? `Notificaciones: ${unread} sin leer` : 'Notificaciones'}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ShellIcon name="Notifications" />
          <span data-testid="notification-badge">{badge && <span className="sh-badge">{badge}</span>}</span>
        </button>
      </Hint>
      {used && <menu.Component anchor={anchor} onClose={close} />}
    </>
  );
}
