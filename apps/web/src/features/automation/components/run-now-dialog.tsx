import { runProgressText, type AutomationRun, type CutPreview } from '@airlink/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { dayText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';

export interface RunNowDialogProps {
  open: boolean;
  /** Today's list (what 'Ejecutar ahora' cuts); undefined while it is read. */
  today: CutPreview | undefined;
  error: string | null;
  /** The run is going: the list gives way to its progress and the dialog cannot be closed. */
  running: boolean;
  live: AutomationRun | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Today's run in progress: 'Procesados x de N · y cortados en el router', as the server records it. */
export function RunProgress({ live }: { live: AutomationRun | null }) {
  const value = live?.total ? Math.round((Math.min(live.procesados, live.total) / live.total) * 100) : undefined;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label="Avance de la ejecución"
      />
      <Typography variant="body2">{live ? runProgressText(live) : 'Empezando a cortar…'}</Typography>
    </Box>
  );
}

/**
 * 'Ejecutar ahora': asks with the count and the list of today's contracts it will cut (a weekend or holiday
 * says so and cannot run), then shows the run's progress until the server answers.
 */
export function RunNowDialog({ open, today, error, running, live, onConfirm, onClose }: RunNowDialogProps) {
  const titleId = useId();
  const count = today?.contratos.length ?? 0;
  const canRun = Boolean(today?.diaHabil) && count > 0;
  return (
    <Dialog open={open} onClose={running ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Ejecutar cortes ahora</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : !today ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} aria-label="Leyendo la lista de hoy" />
            <Typography variant="body2">Leyendo la lista de hoy…</Typography>
          </Box>
        ) : !today.diaHabil ? (
          <Alert severity="info">
            Hoy, {dayText(today.fecha ?? today.hoy)}: {today.noHabil}
          </Alert>
        ) : count === 0 ? (
          <Alert severity="info">Nadie por cortar hoy: ningún contrato pasó su fecha de corte.</Alert>
        ) : (
          <>
            <Typography>
              Se {count === 1 ? 'cortará 1 contrato' : `cortarán ${count} contratos`} de hoy ({dayText(today.hoy)}) en
              este momento, en su router. Podrás deshacer la ejecución.
            </Typography>
            {running ? (
              <RunProgress live={live} />
            ) : (
              <List
                dense
                aria-label="Contratos que se cortarán"
                sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                {today.contratos.map((c) => (
                  <ListItem key={c.idContrato} divider>
                    <ListItemText
                      primary={`${c.no} · ${c.nombre}`}
                      secondary={
                        <>
                          {c.comunidad ? `${c.comunidad} · ` : ''}
                          {c.diasRetraso} {c.diasRetraso === 1 ? 'día' : 'días'} de retraso · debe{' '}
                          <Money value={c.adeudo} />
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={running} color="inherit">
          Cancelar
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={running || !canRun}
          startIcon={running ? <CircularProgress size={16} color="inherit" aria-label="Procesando" /> : undefined}
        >
          {canRun ? `Cortar ${count}` : 'Ejecutar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
