import { type SessionUser } from '@airlink/domain';
import { useState } from 'react';
import { Hint } from '../../components/ui/hint';
import { idleLazy, useOpenedOnce, usePrefetchWhenIdle } from '../../lib/idle-lazy';
import { UserAvatar } from './user-avatar';

// The menu itself (MUI Menu, Popover) is fetched when the browser is idle: it is not part of the first screen.
const panel = idleLazy(() => import('./user-menu-panel').then((m) => m.UserMenuPanel));

/** Avatar button with the user's name, email and level, the API documentation (level 20), and a sign-out entry. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const used = useOpenedOnce(anchor !== null);
  usePrefetchWhenIdle(panel.prefetch);
  return (
    <>
      <Hint title={user.name}>
        <button
          type="button"
          className="sh-icon-btn sh-icon-btn-tight"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label="Menú de usuario"
          aria-haspopup="true"
        >
          <UserAvatar user={user} />
        </button>
      </Hint>
      {used && <panel.Component user={user} anchor={anchor} onClose={() => setAnchor(null)} onLogout={onLogout} />}
    </>
  );
}
