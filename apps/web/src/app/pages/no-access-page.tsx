import { landingPathFor } from '@airlink/domain';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session-context';

/** 'Sin acceso': the level does not reach the page (also when it was typed in the address bar). */
export function NoAccessPage() {
  const { level, logout } = useSession();
  const landing = landingPathFor(level);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 } }}>
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent sx={{ textAlign: 'center', py: 5, px: 3 }}>
          <BlockIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            Sin acceso
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {landing
              ? `Tu nivel de acceso (Nivel ${level}) no permite ver esta página. Si la necesitas, pide a un administrador que revise tu nivel.`
              : `Tu nivel de acceso (Nivel ${level}) no permite ver ninguna página del sistema. Pide a un administrador que revise tu nivel.`}
          </Typography>
          {landing ? (
            <Button variant="contained" component={RouterLink} to={landing}>
              Volver a mi página de inicio
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void logout()}>
              Cerrar sesión
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
