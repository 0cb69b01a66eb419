import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { type Plan } from '@airlink/domain';
import { usePlans } from '../../../lib/reference-data';
import { mbpsText, speedText } from '../../../lib/speed-text';
import { PlanDialog } from './plan-dialog';

function burstText(plan: Plan): string {
  const r = plan.rafaga;
  if (!r) return 'Sin ráfaga';
  return `Ráfaga ${speedText(r.bajadaMbps, r.subidaMbps)} · umbral ${mbpsText(r.umbralBajadaMbps)} / ${mbpsText(r.umbralSubidaMbps)} Mbps · ${r.segundos} s`;
}

/**
 * 'Planes': the service plans with their monthly amount and their speeds (download / upload), which every router
 * in PPPoE or queue mode applies. A contract keeps its stored monthly amount when the plan's changes.
 */
export function PlansTab() {
  const plans = usePlans();
  const [editing, setEditing] = useState<Plan | null>(null);

  if (plans.isPending) return <CardSkeleton lines={8} />;
  if (plans.isError) return <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />;

  return (
    <Paper variant="outlined">
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 1 }}>
        Velocidades de bajada / subida en Mbps. Un cambio de velocidad llega a todos los routers con modo PPPoE o cola
        simple; los contratos conservan su mensualidad.
      </Typography>
      <Box component="ul" aria-label="Planes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {plans.data.map((p) => (
          <Box
            component="li"
            key={p.id}
            sx={{
              px: 2,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{p.nombre}</Typography>
              <Typography variant="body2" color="text.secondary">
                {burstText(p)}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{speedText(p.bajadaMbps, p.subidaMbps)}</Typography>
              <Typography variant="body2" color="text.secondary">
                <Money value={p.monto} /> al mes
              </Typography>
            </Box>
            <Tooltip title="Editar plan">
              <IconButton aria-label={`Editar ${p.nombre}`} onClick={() => setEditing(p)}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
      {editing && <PlanDialog plan={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
