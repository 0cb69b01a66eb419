import { DASHBOARD_GRID_ROWS, type FinancialRow, formatNumber } from '@airlink/domain';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Money } from '../../../components/ui/money';
import { formatIsoMonth } from '../home-dates';
import { DashboardSection } from './dashboard-section';
import { dayText } from '../../../components/ui/date-text';

export interface SummaryGridProps {
  title: string;
  /** Newest first, as the API sends them; only the first DASHBOARD_GRID_ROWS are shown. */
  rows: readonly FinancialRow[];
  /** Daily rows (YYYY-MM-DD) or monthly rows (YYYY-MM). */
  period: 'day' | 'month';
}

/** A small grid of the dashboard: the latest days (or months) with their number of payments and amount. */
export function SummaryGrid({ title, rows, period }: SummaryGridProps) {
  const shown = rows.slice(0, DASHBOARD_GRID_ROWS);
  return (
    <DashboardSection title={title} flush>
      <Table
        size="small"
        aria-label={title}
        sx={{
          '& td, & th': { px: 1, whiteSpace: 'nowrap', fontSize: '0.8125rem' },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
          '& td:last-of-type, & th:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Fecha</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              No
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Monto
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={r.fecha} sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell>{period === 'day' ? dayText(r.fecha) : formatIsoMonth(r.fecha)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(r.cantidadPagos)}
              </TableCell>
              <TableCell align="right">
                <Money value={r.monto} />
              </TableCell>
            </TableRow>
          ))}
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} sx={{ borderBottom: 0 }}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                  {period === 'day' ? 'Sin pagos en los últimos días' : 'Sin pagos en los últimos meses'}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </DashboardSection>
  );
}
