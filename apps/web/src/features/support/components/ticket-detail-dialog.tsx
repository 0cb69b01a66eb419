import { useId } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { useSupportTicket } from '../api/get-support-ticket';
import { PriorityChip, StatusChip } from './support-chips';
import { TicketHistory } from './ticket-history';
import { TicketManageForm } from './ticket-manage-form';

export interface TicketDetailDialogProps {
  ticketId: number;
  onClose: () => void;
  /** The link to the customer panel (left out when the dialog already opens from that panel). */
  showCustomerLink?: boolean;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography
      variant="overline"
      color="text.secondary"
      component="h3"
      sx={{ lineHeight: 1.5, display: 'block', mb: 0.5 }}
    >
      {children}
    </Typography>
  );
}

function LoadingBody() {
  return (
    <Stack spacing={1.5} role="progressbar" aria-label="Cargando ticket" aria-busy="true">
      <Skeleton variant="text" width="60%" sx={{ fontSize: '1.5rem' }} />
      <Skeleton variant="rounded" height={24} width={180} />
      <Skeleton variant="rounded" height={90} />
      <Skeleton variant="rounded" height={140} />
    </Stack>
  );
}

/** A ticket with its customer, its history and the controls to move it along (GET and PUT /api/soporte/{id}). */
export function TicketDetailDialog({ ticketId, onClose, showCustomerLink = true }: TicketDetailDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const detail = useSupportTicket(ticketId);
  const ticket = detail.data;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Ticket #{ticketId}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {detail.isPending ? (
          <LoadingBody />
        ) : detail.isError || !ticket ? (
          <ErrorState
            message={detail.error?.message || 'No se pudo cargar el ticket.'}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 280px' },
              gridTemplateAreas: { xs: '"main" "manage" "history"', md: '"main manage" "history manage"' },
              gridTemplateRows: { md: 'auto 1fr' },
              columnGap: 3,
              rowGap: 2.5,
              alignItems: 'start',
            }}
          >
            <Stack spacing={2.5} sx={{ gridArea: 'main', minWidth: 0 }}>
              <Box>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {ticket.titulo}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <StatusChip value={ticket.estado} />
                  <PriorityChip value={ticket.prioridad} />
                  <Typography variant="body2" color="text.secondary">
                    {ticket.asignadoNombre ? `Asignado a ${ticket.asignadoNombre}` : 'Sin asignar'}
                  </Typography>
                </Stack>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                  Creado el <DateText value={ticket.createdAt} withTime />
                  {ticket.origen === 'portal'
                    ? ' por el cliente en el portal'
                    : ticket.creadoPor
                      ? ` por ${ticket.creadoPor}`
                      : ''}{' '}
                  · Actualizado el <DateText value={ticket.updatedAt} withTime />
                </Typography>
              </Box>

              <Box>
                <SectionTitle>Observaciones</SectionTitle>
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  color={ticket.observaciones ? 'text.primary' : 'text.secondary'}
                >
                  {ticket.observaciones || 'Sin observaciones.'}
                </Typography>
              </Box>

              <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'grey.50' }}>
                <SectionTitle>Cliente</SectionTitle>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body1" sx={{ fontWeight: 600 }}>
                      {ticket.nombreCliente}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="p"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {ticket.idcliente}
                    </Typography>
                    {ticket.telefonoCliente && (
                      <Link
                        href={`tel:${ticket.telefonoCliente.replace(/[^\d+]/g, '')}`}
                        variant="body2"
                        underline="hover"
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
                      >
                        <PhoneOutlinedIcon sx={{ fontSize: 16 }} /> {ticket.telefonoCliente}
                      </Link>
                    )}
                  </Box>
                  {showCustomerLink && (
                    <Button
                      component={RouterLink}
                      to={`/dashboard/profile?id=${ticket.idCliente}`}
                      variant="outlined"
                      size="small"
                      endIcon={<ArrowForwardIcon />}
                      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    >
                      Ver cliente
                    </Button>
                  )}
                </Stack>
              </Paper>
            </Stack>

            <Paper variant="outlined" sx={{ gridArea: 'manage', p: 2, position: { md: 'sticky' }, top: { md: 0 } }}>
              <TicketManageForm key={`${ticket.id}-${ticket.updatedAt}-${ticket.historial.length}`} ticket={ticket} />
            </Paper>

            <Box sx={{ gridArea: 'history', minWidth: 0 }}>
              <SectionTitle>Historial</SectionTitle>
              <TicketHistory entries={ticket.historial} />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} color="inherit">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
