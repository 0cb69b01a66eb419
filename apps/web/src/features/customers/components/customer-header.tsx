import { fullAddress, type Contract } from '@airlink/domain';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Money } from '../../../components/ui/money';
import { contractNumberLabel } from '../customer-status';
import { CurrentSpeed } from './current-speed';
import { CustomerStatusChips } from './customer-status-chips';
import { dayText } from '../../../components/ui/date-text';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The panel's header: name, display id, full address and the contract's main facts. */
export function CustomerHeader({ contract: c, actions }: { contract: Contract; actions?: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {c.nombre}
              </Typography>
              <CustomerStatusChips customer={c} />
            </Stack>
            <Typography
              variant="body2"
              color="primary"
              sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}
              aria-label={`Id del cliente ${c.idcliente.trim()}`}
            >
              {c.idcliente}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.75, alignItems: 'flex-start', color: 'text.secondary' }}>
              <LocationOnOutlinedIcon fontSize="small" sx={{ mt: '2px' }} aria-hidden />
              <Typography variant="body2">{fullAddress(c)}</Typography>
            </Stack>
          </Box>
          {actions}
        </Stack>
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 2,
            pt: 2,
            borderTop: 1,
            borderColor: 'divider',
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              // One more column for the credit balance and for the live speed, so the facts stay on one line.
              lg: `repeat(${6 + (c.saldoAFavor > 0 ? 1 : 0) + (c.idRouter !== null ? 1 : 0)}, minmax(0, 1fr))`,
            },
            gap: 2,
          }}
        >
          <Fact label="Contrato">{contractNumberLabel(c.no)}</Fact>
          <Fact label="Fecha de contratación">{dayText(c.fechaContratacion)}</Fact>
          <Fact label="Mensualidad">
            <Money value={c.monto} />
          </Fact>
          <Fact label="Teléfono">
            {c.telefono ? (
              <Box component="a" href={`tel:${c.telefono}`} sx={{ color: 'inherit' }}>
                {c.telefono}
              </Box>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Tipo de servicio">{c.tipoNombre}</Fact>
          {c.idRouter !== null && (
            <Fact label="Velocidad actual">
              <CurrentSpeed contractId={c.id} />
            </Fact>
          )}
          <Fact label="Pagado hasta">{dayText(c.fechaFin)}</Fact>
          {c.saldoAFavor > 0 && (
            <Fact label="Saldo a favor">
              <Money value={c.saldoAFavor} />
            </Fact>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
