import { type Plan } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import { EditableList } from '../../../components/ui/editable-list';
import { Money } from '../../../components/ui/money';
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
  return (
    <EditableList
      query={usePlans()}
      label="Planes"
      intro="Velocidades de bajada / subida en Mbps. Un cambio de velocidad llega a todos los routers con modo PPPoE o cola simple; los contratos conservan su mensualidad."
      editTitle="Editar plan"
      name={(p) => p.nombre}
      detail={burstText}
      trailing={(p) => (
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontWeight: 600 }}>{speedText(p.bajadaMbps, p.subidaMbps)}</Typography>
          <Typography variant="body2" color="text.secondary">
            <Money value={p.monto} /> al mes
          </Typography>
        </Box>
      )}
      dialog={(p, onClose) => <PlanDialog plan={p} onClose={onClose} />}
    />
  );
}
