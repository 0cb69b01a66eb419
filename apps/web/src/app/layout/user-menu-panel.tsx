import { canDo, type SessionUser } from '@airlink/domain';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Box, Chip, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { openApiDocs } from '../../features/api-docs';
import { UserAvatar } from './user-avatar';

export interface UserMenuPanelProps {
  user: SessionUser;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}

/** The user menu: name, email and level, the API documentation (level 20), and a sign-out entry. */
export function UserMenuPanel({ user, anchor, onClose, onLogout }: UserMenuPanelProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
            onClose();
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
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Cerrar sesión
      </MenuItem>
    </Menu>
  );
}
