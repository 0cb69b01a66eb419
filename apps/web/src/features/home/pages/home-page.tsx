import { homeViewFor } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { UnderConstruction } from '../../../components/ui/under-construction';
import { useSession } from '../../../lib/session-context';

const ADMIN_VIEW =
  'Vista de administración: tarjetas de Tizayuca, Pachuca y banco con sus ingresos, tablas de pagos, ' +
  'reconexiones y servicios vencidos, y la gráfica de ancho de banda de los routers.';
const USER_VIEW =
  'Vista de usuario: resumen de pagos del día, servicios vencidos y reconexiones, y el ancho de banda de la red.';

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

/** /dashboard/home: a greeting and the view of the user's level (admin 20+, user 10..19). */
export function HomePage() {
  const { user, level } = useSession();
  const view = homeViewFor(level);
  const [hour] = useState(() => new Date().getHours());
  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {greeting(hour)}, {firstName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {view === 'admin' ? 'Resumen general de AirLink' : 'Tu resumen del día'}
      </Typography>
      <UnderConstruction
        title={view === 'admin' ? 'Panel de administración' : 'Panel de usuario'}
        description={view === 'admin' ? ADMIN_VIEW : USER_VIEW}
      />
    </Box>
  );
}
