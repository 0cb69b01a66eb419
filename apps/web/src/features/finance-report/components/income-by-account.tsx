import { toCentavos, toPesos, type FinanceReport, ACCOUNT_GROUP_LABELS, formatNumber } from '@airlink/domain';
import {
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
} from '@mui/material';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';

/** Income per account (payment place) in the period, with the number of payments and the share. */
export function IncomeByAccount({ report }: { report: FinanceReport }) {
  const rows = [...report.ingresosPorCuenta].sort((a, b) => b.monto - a.monto);
  const total = toPesos(rows.reduce((s, r) => s + toCentavos(r.monto), 0));
  const count = rows.reduce((s, r) => s + r.cantidadPagos, 0);
  const share = (m: number) => (total > 0 ? `${formatNumber((m / total) * 100, 1)} %` : '—');
  return (
    <Card component="section" aria-label="Ingresos por cuenta" sx={{ height: '100%' }}>
      <CardHeader
        title="Ingresos por cuenta"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0.5 }}
      />
      {rows.length === 0 ? (
        <EmptyState title="Sin ingresos" description="Ninguna cuenta recibió pagos en este periodo." />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Ingresos por cuenta">
            <TableHead>
              <TableRow>
                <TableCell>Cuenta</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Grupo</TableCell>
                <TableCell align="right">Pagos</TableCell>
                <TableCell align="right">Monto</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  %
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.idCuenta}>
                  <TableCell>{r.cuenta}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                    {ACCOUNT_GROUP_LABELS[r.grupo]}
                  </TableCell>
                  <TableCell align="right">{formatNumber(r.cantidadPagos)}</TableCell>
                  <TableCell align="right">
                    <Money value={r.monto} />
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                    {share(r.monto)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                <TableCell>Total</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
                <TableCell align="right">{formatNumber(count)}</TableCell>
                <TableCell align="right">
                  <Money value={total} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
