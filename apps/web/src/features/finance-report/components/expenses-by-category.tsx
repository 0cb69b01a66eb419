import type { FinanceReport } from '@airlink/domain';
import { Box, Card, CardContent, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';

const expenses = (n: number) => `${n} ${n === 1 ? 'gasto' : 'gastos'}`;

/** Expenses per category in the period, largest first, each with a bar of its share. */
export function ExpensesByCategory({ report }: { report: FinanceReport }) {
  const rows = [...report.gastosPorCategoria].sort((a, b) => b.monto - a.monto);
  const max = rows[0]?.monto ?? 0;
  const total = report.totalGastos;
  return (
    <Card component="section" aria-label="Gastos por categoría" sx={{ height: '100%' }}>
      <CardHeader
        title="Gastos por categoría"
        subheader={
          rows.length > 0 ? (
            <>
              Total <Money value={total} />
            </>
          ) : undefined
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0.5 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {rows.length === 0 ? (
          <EmptyState title="Sin gastos" description="No se registraron gastos en este periodo." />
        ) : (
          <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Gastos por categoría">
            {rows.map((r) => {
              const pct = total > 0 ? Math.round((r.monto / total) * 100) : 0;
              return (
                <Box component="li" key={r.idGasto}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
                      {r.categoria}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        {expenses(r.cantidad)} · {pct} %
                      </Typography>
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <Money value={r.monto} />
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    color="warning"
                    value={max > 0 ? (r.monto / max) * 100 : 0}
                    aria-label={`${r.categoria}: ${pct} % de los gastos`}
                    sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
                  />
                </Box>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
