import { ACCOUNT_GROUP_LABELS, type FinanceReport, formatNumber } from '@airlink/domain';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Alert, AlertTitle, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Money } from '../../../components/ui/money';

const payments = (n: number) => `${formatNumber(n)} ${n === 1 ? 'pago' : 'pagos'}`;

interface TileProps {
  label: string;
  value: number;
  caption?: ReactNode;
  tone?: 'default' | 'primary' | 'success' | 'error' | 'warning';
  /** Colour band at the card's left edge (the chart's colour of the group). */
  accent?: string;
}

function Tile({ label, value, caption, tone = 'default', accent }: TileProps) {
  const color = tone === 'default' ? 'text.primary' : `${tone}.main`;
  return (
    <Card
      role="group"
      aria-label={label}
      sx={{ borderLeft: accent ? 4 : undefined, borderLeftColor: accent, height: '100%' }}
    >
      <CardContent sx={{ py: 1.75, '&:last-child': { pb: 1.75 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ color, fontWeight: 700, mt: 0.25, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          <Money value={value} />
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary" component="p">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The chart's colour of each income group. */
export const GROUP_COLORS = { tizayuca: '#1546a0', pachuca: '#0f8a8a', banco: '#8e5bd6' } as const;

/**
 * The period in figures: income per group and in total, expenses, and the net result. Adjustments stand
 * apart: they correct a customer's paid period and are not money that came in.
 */
export function SummaryCards({ report }: { report: FinanceReport }) {
  const { ingresos, ajustes } = report;
  const net = report.resultadoNeto;
  const used = ajustes.porCuenta.filter((a) => a.cantidadPagos > 0);
  return (
    <Stack spacing={2} sx={{ mb: 2.5 }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        <Tile
          label="Ingresos totales"
          value={ingresos.total}
          tone="primary"
          caption={payments(ingresos.cantidadPagos)}
        />
        <Tile
          label={ACCOUNT_GROUP_LABELS.tizayuca}
          value={ingresos.tizayuca}
          accent={GROUP_COLORS.tizayuca}
          caption="Oficina Aurrera"
        />
        <Tile
          label={ACCOUNT_GROUP_LABELS.pachuca}
          value={ingresos.pachuca}
          accent={GROUP_COLORS.pachuca}
          caption="Oficina Pachuca"
        />
        <Tile
          label={ACCOUNT_GROUP_LABELS.banco}
          value={ingresos.banco}
          accent={GROUP_COLORS.banco}
          caption="Depósitos y tarjeta"
        />
        <Tile label="Gastos" value={report.totalGastos} tone="warning" caption="Registrados en el periodo" />
        <Tile label="Resultado neto" value={net} tone={net < 0 ? 'error' : 'success'} caption="Ingresos menos gastos" />
      </Box>
      <Alert
        severity="info"
        variant="outlined"
        icon={<InfoOutlinedIcon />}
        sx={{ bgcolor: 'background.paper', '& .MuiAlert-message': { width: '100%' } }}
        role="note"
        aria-label="Ajustes"
      >
        <AlertTitle sx={{ mb: 0.25 }}>
          {ajustes.cantidadPagos === 0 ? (
            'Sin ajustes en este periodo'
          ) : (
            <>
              Ajustes: <Money value={ajustes.monto} /> en {payments(ajustes.cantidadPagos)}
            </>
          )}
        </AlertTitle>
        Los ajustes no son ingresos: son pagos registrados para corregir el periodo pagado de un cliente (cambios de
        fecha, o cobros ya hechos por tarjeta o depósito), por eso no se suman a los ingresos ni al resultado.
        {used.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {used.map((a) => (
              <Chip
                key={a.idCuenta}
                size="small"
                variant="outlined"
                label={
                  <>
                    {a.cuenta}: <Money value={a.monto} /> ({a.cantidadPagos})
                  </>
                }
              />
            ))}
          </Stack>
        )}
      </Alert>
    </Stack>
  );
}
