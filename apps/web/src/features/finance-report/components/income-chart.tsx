import { useMemo } from 'react';
import { ACCOUNT_GROUP_LABELS, formatMoney, INCOME_GROUPS, type FinanceReport } from '@airlink/domain';
import { Box, Card, CardContent, CardHeader, useMediaQuery, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { EmptyState } from '../../../components/ui/empty-state';
import type { ReportRange } from '../api/get-finance-report';
import { incomeSeries } from '../income-series';
import { GROUP_COLORS } from './summary-cards';

const compact = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const money = (v: number | null) => (v === null ? '—' : formatMoney(v));
const localeText = { loading: 'Cargando datos…', noData: 'Sin datos para mostrar' };

/** Income per day (or per month for long periods), stacked by group: Tizayuca, Pachuca and bank. */
export function IncomeChart({ report, range }: { report: FinanceReport; range: ReportRange }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { desde, hasta } = range;
  const { unit, points } = useMemo(
    () => incomeSeries(report.ingresosPorDia, { desde, hasta }),
    [report.ingresosPorDia, desde, hasta],
  );
  const empty = points.every((p) => p.total === 0);
  const title = unit === 'mes' ? 'Ingresos por mes' : 'Ingresos por día';

  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader="Efectivo de cada oficina y banco, apilados. Los ajustes no cuentan."
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {empty ? (
          <EmptyState title="Sin ingresos en este periodo" description="No hay pagos registrados en estas fechas." />
        ) : (
          <Box sx={{ width: '100%', minWidth: 0 }}>
            <BarChart
              height={phone ? 260 : 320}
              localeText={localeText}
              series={INCOME_GROUPS.map((g) => ({
                label: ACCOUNT_GROUP_LABELS[g],
                data: points.map((p) => p[g]),
                stack: 'ingresos',
                color: GROUP_COLORS[g],
                valueFormatter: money,
              }))}
              xAxis={[{ scaleType: 'band', data: points.map((p) => p.label), categoryGapRatio: 0.3 }]}
              yAxis={[{ valueFormatter: (v: number) => compact.format(v), width: 64 }]}
              grid={{ horizontal: true }}
              margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
