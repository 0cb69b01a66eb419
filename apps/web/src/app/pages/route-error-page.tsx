import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';

/** A page's code could not be downloaded (connection lost, or a new version was installed meanwhile). */
function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    message,
  );
}

/**
 * What a route shows when its page fails (route-error-boundary.tsx): a Spanish explanation and 'Recargar'. Inside
 * the dashboard the sidebar and navbar stay usable.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const loadFailure = isLoadFailure(error);

  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 }, px: 2 }}>
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent sx={{ textAlign: 'center', py: 5, px: 3 }}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            {loadFailure ? 'No se pudo cargar la página' : 'Algo salió mal en esta página'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {loadFailure
              ? 'Revisa tu conexión a internet y vuelve a intentar. Si el sistema se acaba de actualizar, recargar trae la versión nueva.'
              : 'Recarga la página para seguir trabajando. Si vuelve a pasar, avisa al administrador del sistema.'}
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Recargar
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
