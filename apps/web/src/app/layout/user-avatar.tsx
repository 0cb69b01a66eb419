import { type SessionUser } from '@airlink/domain';
import { useState } from 'react';

/** Up to two initials of a name ('Ana López' → 'AL'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The user's picture, or their initials when there is none or it cannot be loaded (plain CSS: the shell). */
export function UserAvatar({ user, size = 34 }: { user: SessionUser; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = user.picture && failed !== user.picture ? user.picture : null;
  return (
    <span className="sh-avatar" style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {picture ? (
        <img src={picture} alt={user.name} referrerPolicy="no-referrer" onError={() => setFailed(picture)} />
      ) : (
        initials(user.name)
      )}
    </span>
  );
}
