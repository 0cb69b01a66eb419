import { landingPathFor } from '@airlink/domain';
import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Chip, CircularProgress, Divider, Stack } from '@mui/material';
import { useNavigate } from 'react-router';
import { useDevLogin } from '../api/dev-login';
import { useDevUsers } from '../api/get-dev-users';

/** 'Acceso de demostración': one button per demo user, shown only when the server offers them. */
export function DevLoginList() {
  const { data: users } = useDevUsers();
  const login = useDevLogin();
  const navigate = useNavigate();

  if (!users || users.length === 0) return null;

  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2, typography: 'caption', color: 'text.secondary' }}>Acceso de demostración</Divider>
      <Stack spacing={1}>
        {users.map((u) => {
          const busy = login.isPending && login.variables === u.email;
          return (
            <Button
              key={u.email}
              variant="outlined"
              fullWidth
              disabled={login.isPending}
              onClick={() =>
                login.mutate(u.email, {
                  onSuccess: (res) =>
                    void navigate(landingPathFor(res.user.idPerfilUsuario) ?? '/dashboard', { replace: true }),
                })
              }
              sx={{ justifyContent: 'flex-start', textAlign: 'left', gap: 1.5, py: 0.75 }}
            >
              {busy ? <CircularProgress size={18} /> : <LoginIcon fontSize="small" />}
              <Box
                component="span"
                sx={{
                  flex: 1,
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                  fontWeight: 500,
                  lineHeight: 1.35,
                  fontSize: '0.875rem',
                }}
              >
                Entrar como {u.nombre}
              </Box>
              <Chip
                component="span"
                size="small"
                label={`Nivel ${u.idPerfilUsuario}`}
                color={u.idPerfilUsuario >= 20 ? 'primary' : 'default'}
                sx={{ flexShrink: 0, cursor: 'inherit' }}
              />
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}
