import { customerPanelButtons, type Contract } from '@airlink/domain';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import PrintIcon from '@mui/icons-material/Print';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Button, Divider, Stack, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';

export type CustomerAction =
  'pago' | 'editar' | 'soporte' | 'registro' | 'visita' | 'cortar' | 'cancelar' | 'autorizar';

export interface CustomerActionsProps {
  contract: Contract;
  level: number;
  onAction: (action: CustomerAction) => void;
}

const CANCELLED = 'El contrato está cancelado';

/** A disabled button cannot show a tooltip by itself: the span receives the hover. */
function WithTooltip({ title, children }: { title: string | undefined; children: ReactElement }) {
  if (!title) return children;
  return (
    <Tooltip title={title}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {children}
      </Box>
    </Tooltip>
  );
}

/**
 * The panel's buttons, exactly as `customerPanelButtons(level)` allows (docs/access.md): Pago,
 * Editar, Imprimir from 16; Soporte, Registro, Visita for all; Cortar/Reconectar and Cancelar from 17;
 * Autorizar from 18 while the contract has no number. A cancelled contract cannot be paid, cut,
 * reconnected, authorized or cancelled again.
 */
export function CustomerActions({ contract: c, level, onAction }: CustomerActionsProps) {
  const can = customerPanelButtons(level);
  const cancelled = !c.activo;
  const contractButtons = can.cortarReconectar || can.cancelarContrato || (can.autorizar && c.no === 0);

  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      role="toolbar"
      aria-label="Acciones del cliente"
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      {can.pago && (
        <WithTooltip title={cancelled ? CANCELLED : undefined}>
          <Button
            variant="contained"
            startIcon={<PaymentsIcon />}
            onClick={() => onAction('pago')}
            disabled={cancelled}
          >
            Pago
          </Button>
        </WithTooltip>
      )}
      {can.editar && (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => onAction('editar')}>
          Editar
        </Button>
      )}
      {can.imprimir && (
        <Button
          variant="outlined"
          startIcon={<PrintIcon />}
          component="a"
          href={`/print/contract/${c.id}`}
          target="_blank"
          rel="noopener"
        >
          Imprimir
        </Button>
      )}
      {(can.pago || can.editar || can.imprimir) && (
        <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', sm: 'block' } }} />
      )}
      {(
        [
          ['soporte', 'Soporte', <SupportAgentIcon key="i" />],
          ['registro', 'Registro', <NoteAddOutlinedIcon key="i" />],
          ['visita', 'Visita', <EventAvailableIcon key="i" />],
        ] as const
      ).map(([action, label, icon]) => (
        <Button key={action} variant="outlined" color="inherit" startIcon={icon} onClick={() => onAction(action)}>
          {label}
        </Button>
      ))}
      {contractButtons && <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', sm: 'block' } }} />}
      {can.cortarReconectar && (
        <WithTooltip title={cancelled ? CANCELLED : undefined}>
          <Button
            variant={c.cortado ? 'contained' : 'outlined'}
            color={c.cortado ? 'success' : 'warning'}
            startIcon={c.cortado ? <PowerIcon /> : <PowerOffIcon />}
            onClick={() => onAction('cortar')}
            disabled={cancelled}
          >
            {c.cortado ? 'Reconectar Servicio' : 'Cortar Servicio'}
          </Button>
        </WithTooltip>
      )}
      {can.cancelarContrato && (
        <WithTooltip title={cancelled ? CANCELLED : undefined}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => onAction('cancelar')}
            disabled={cancelled}
          >
            Cancelar Contrato
          </Button>
        </WithTooltip>
      )}
      {can.autorizar && c.no === 0 && (
        <WithTooltip title={cancelled ? CANCELLED : undefined}>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<VerifiedIcon />}
            onClick={() => onAction('autorizar')}
            disabled={cancelled}
          >
            Autorizar Contrato
          </Button>
        </WithTooltip>
      )}
    </Stack>
  );
}
