import { radioIdentityText } from '@airlink/domain';
import { Alert, Button, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/business-time';
import type { RadioReading } from './use-radio-reading';

/**
 * One line under the panel's tiles saying where the numbers come from: the radio's last reading, or why
 * there are none (no MAC, radio not registered, radio not answering since…).
 */
export function RadioStatusNote({ reading }: { reading: RadioReading }) {
  switch (reading.status) {
    case 'no-access':
    case 'loading':
      return null;
    case 'no-mac':
      return <Note>El contrato no tiene la MAC del radio: sin lecturas del equipo.</Note>;
    case 'not-found':
      return <Note>No hay un radio registrado con la MAC del contrato.</Note>;
    case 'no-site':
      return <Note>El radio del cliente no tiene un site asignado: sin lecturas.</Note>;
    case 'error':
      return (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={reading.retry}>
              Reintentar
            </Button>
          }
        >
          No se pudo leer el radio: {reading.message}
        </Alert>
      );
    case 'ok': {
      const { stats } = reading;
      const last = stats.lastStatsTime ? formatDateTime(stats.lastStatsTime) : null;
      if (stats.lastError) {
        return (
          <Alert severity="warning" sx={{ mt: 1 }}>
            El radio no responde ({stats.lastError}).{' '}
            {last ? `Visto por última vez el ${last}; los valores son de esa lectura.` : 'Nunca se ha leído.'}
          </Alert>
        );
      }
      if (!last) return <Note>El radio aún no ha sido leído.</Note>;
      const identity = radioIdentityText(stats);
      return (
        <Note>
          {identity ? `Radio ${identity} · ` : ''}Lectura del radio: {last}
        </Note>
      );
    }
  }
}

function Note({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
      {children}
    </Typography>
  );
}
