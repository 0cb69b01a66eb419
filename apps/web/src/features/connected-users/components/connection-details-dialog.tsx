import { useId, type ReactNode } from 'react';
import { type ConnectedUser } from '@airlink/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DateText } from '../../../components/ui/date-text';
import { isActiveAt } from '../connected-user-filter';
import { ActivityDot, activityLabel } from './activity-dot';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const orDash = (text: string) => text.trim() || '—';

export interface ConnectionDetailsDialogProps {
  connection: ConnectedUser;
  /** The connection has closed since the dialog opened (it shows what was last known). */
  closed: boolean;
  isOwn: boolean;
  now: Date;
  onClose: () => void;
}

/** Every field of one connection, the browser's user agent included. */
export function ConnectionDetailsDialog({ connection: c, closed, isOwn, now, onClose }: ConnectionDetailsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const active = isActiveAt(c, now);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Detalles de la conexión</DialogTitle>
      <DialogContent dividers>
        {closed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Esta conexión ya se cerró.
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <ActivityDot lastActivity={c.lastActivity} now={now} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {c.fullName} {isOwn && <Chip size="small" color="primary" label="Tú" sx={{ ml: 0.5 }} />}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {activityLabel(c.lastActivity, now)}
            </Typography>
          </Box>
        </Stack>
        <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
          <Field label="Nombre">{orDash(c.fullName)}</Field>
          <Field label="Usuario">{orDash(c.userName)}</Field>
          <Field label="Estado">
            <Chip
              size="small"
              label={closed ? 'Desconectado' : active ? 'Activo' : 'Inactivo'}
              color={closed ? 'default' : active ? 'success' : 'warning'}
            />
          </Field>
          <Field label="Equipo">{orDash(c.computerName)}</Field>
          <Field label="IP">{orDash(c.ipAddress)}</Field>
          <Field label="Página actual">{orDash(c.currentPage)}</Field>
          <Field label="Acción">{orDash(c.currentAction)}</Field>
          <Field label="Conectado desde">
            <DateText value={c.connectedAt} withTime />
          </Field>
          <Field label="Última actividad">
            <DateText value={c.lastActivity} withTime />
          </Field>
          <Field label="ID de conexión">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {c.connectionId}
            </Box>
          </Field>
          <Field label="Navegador (user agent)">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
              {orDash(c.userAgent)}
            </Box>
          </Field>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
