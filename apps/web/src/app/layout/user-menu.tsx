import { canDo, type SessionUser } from '@airlink/domain';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import {
  Avatar,
  Box,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { openApiDocs } from '../../features/api-docs';

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

/** Avatar button with the user's name, email and level, the API documentation (level 20), and a sign-out entry. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={user.name}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label="Menú de usuario"
          aria-haspopup="true"
          sx={{ p: 0.5 }}
        >
          <UserAvatar user={user} />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar user={user} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
            <Chip
              size="small"
              label={`Nivel ${user.idPerfilUsuario}`}
              color="primary"
              variant="outlined"
              sx={{ mt: 0.5 }}
            />
          </Box>
        </Box>
        <Divider />
        {canDo(user.idPerfilUsuario, 'admin.settings') && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void openApiDocs();
            }}
          >
            <ListItemIcon>
              <MenuBookIcon fontSize="small" />
            </ListItemIcon>
            Documentación de la API
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Cerrar sesión
        </MenuItem>
      </Menu>
    </>
  );
}
