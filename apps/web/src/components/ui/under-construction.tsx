import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { PageHeader } from './page-header';

export interface UnderConstructionProps {
  title: string;
  /** What this page will hold once it is built. */
  description?: string;
}

/** A placeholder page for a section that is not built yet. */
export function UnderConstruction({ title, description }: UnderConstructionProps) {
  return (
    <Box>
      <PageHeader title={title} />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
            <Box
              sx={{
                width: 88,
                height: 88,
                borderRadius: '50%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'warning.light',
                color: 'warning.contrastText',
              }}
            >
              <ConstructionIcon sx={{ fontSize: 48 }} aria-hidden />
            </Box>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              En construcción
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
              {description ?? 'Esta sección todavía se está construyendo. Pronto estará disponible.'}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
