import { type SessionUser } from '@airlink/domain';
import { Avatar } from '@mui/material';

/** Up to two initials of a name ('Ana López' → 'AL'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

export function UserAvatar({ user, size = 34 }: { user: SessionUser; size?: number }) {
  return (
    <Avatar
      src={user.picture ?? undefined}
      alt={user.name}
      slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
      sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: 'primary.main' }}
    >
      {initials(user.name)}
    </Avatar>
  );
}
