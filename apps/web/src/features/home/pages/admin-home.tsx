import { ACCOUNT_GROUP_LABELS } from '@airlink/domain';
import { Card, Grid, Stack } from '@mui/material';
import { useFinancial } from '../api/get-financial';
import { BandwidthPanel } from '../components/bandwidth';
import { DueServicesTable } from '../components/due-services-table';
import { SummarySkeleton } from '../components/home-skeletons';
import { IncomeCards } from '../components/income-cards';
import { ReceiptsTable } from '../components/receipts-table';
import { ReconnectionsTable } from '../components/reconnections-table';
import { SectionError } from '../components/section-error';
import { SummaryGrid } from '../components/summary-grid';
import type { LivePayment } from '../live-payment';

export interface HomeViewProps {
  /** Today's business date (YYYY-MM-DD). */
  today: string;
  /** The latest payment pushed while the page is open. */
  live: LivePayment | null;
}

const GRID_SIZE = { xs: 12, sm: 6, lg: 3 };

function AdminSummary({ today, live }: HomeViewProps) {
  const financial = useFinancial();
  if (!financial.data) {
    if (financial.isError) {
      return (
        <Card>
          <SectionError error={financial.error} what="el resumen financiero" onRetry={() => void financial.refetch()} />
        </Card>
      );
    }
    return <SummarySkeleton cards={3} grids={4} />;
  }
  const d = financial.data;
  return (
    <Grid container spacing={2}>
      <IncomeCards
        today={today}
        live={live}
        size={{ xs: 12, sm: 4 }}
        places={[
          { title: ACCOUNT_GROUP_LABELS.tizayuca, group: 'tizayuca', rows: d.EfectivoTizayuca },
          { title: ACCOUNT_GROUP_LABELS.pachuca, group: 'pachuca', rows: d.EfectivoPachuca },
          { title: 'Ingreso Banco', group: 'banco', rows: d.IngresoBanco },
        ]}
      />
      <Grid size={GRID_SIZE}>
        <SummaryGrid title="Tizayuca" rows={d.EfectivoTizayuca} period="day" />
      </Grid>
      <Grid size={GRID_SIZE}>
        <SummaryGrid title="Pachuca" rows={d.EfectivoPachuca} period="day" />
      </Grid>
      <Grid size={GRID_SIZE}>
        <SummaryGrid title="Banco" rows={d.IngresoBanco} period="day" />
      </Grid>
      <Grid size={GRID_SIZE}>
        <SummaryGrid title="Mensual" rows={d.PagosMensualTotales} period="month" />
      </Grid>
    </Grid>
  );
}

/**
 * The admin view of the home dashboard (level 20 and above): today's income per place, the latest
 * days and months, reconnections, every payment, overdue services and the routers' bandwidth.
 */
export function AdminHome({ today, live }: HomeViewProps) {
  return (
    <Stack spacing={2}>
      <AdminSummary today={today} live={live} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, xl: 6 }}>
          <ReconnectionsTable />
        </Grid>
        <Grid size={{ xs: 12, xl: 6 }}>
          <ReceiptsTable title="Pagos" subtitle="Del más reciente al más antiguo; cada fila abre su recibo" />
        </Grid>
      </Grid>
      <DueServicesTable />
      <BandwidthPanel />
    </Stack>
  );
}
