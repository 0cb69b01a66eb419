import { ACCOUNT_GROUP_LABELS, addDays } from '@airlink/domain';
import { Card, Grid, Stack } from '@mui/material';
import { useCashOffices } from '../api/get-cash-offices';
import { SummarySkeleton } from '../components/home-skeletons';
import { IncomeCards } from '../components/income-cards';
import { ReceiptsTable } from '../components/receipts-table';
import { SectionError } from '../components/section-error';
import type { HomeViewProps } from './admin-home';

function CashOfficeCards({ today, live }: HomeViewProps) {
  const offices = useCashOffices();
  if (!offices.data) {
    if (offices.isError) {
      return (
        <Card>
          <SectionError
            error={offices.error}
            what="el efectivo de las oficinas"
            onRetry={() => void offices.refetch()}
          />
        </Card>
      );
    }
    return <SummarySkeleton cards={2} grids={0} />;
  }
  return (
    <Grid container spacing={2}>
      <IncomeCards
        today={today}
        live={live}
        size={{ xs: 12, sm: 6 }}
        places={[
          { title: ACCOUNT_GROUP_LABELS.tizayuca, group: 'tizayuca', rows: offices.data.EfectivoTizayuca },
          { title: ACCOUNT_GROUP_LABELS.pachuca, group: 'pachuca', rows: offices.data.EfectivoPachuca },
        ]}
      />
    </Grid>
  );
}

/** The user view of the home dashboard (levels 10 to 19): the two cash offices and their payments. */
export function UserHome({ today, live }: HomeViewProps) {
  // The office lists cover the last 31 days: a bounded range keeps them fast with years of payments.
  const monthAgo = addDays(today, -30);
  return (
    <Stack spacing={2}>
      <CashOfficeCards today={today} live={live} />
      <ReceiptsTable
        title="Pagos Hoy"
        subtitle="Los pagos de hoy en todas las oficinas y el banco"
        filter={{ desde: today, hasta: today }}
        emptyText="Sin pagos hoy"
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ReceiptsTable
            title="Tizayuca"
            subtitle="Pagos de los últimos 31 días en la oficina de Tizayuca"
            filter={{ grupo: 'tizayuca', desde: monthAgo, hasta: today }}
            showPlace={false}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ReceiptsTable
            title="Pachuca"
            subtitle="Pagos de los últimos 31 días en la oficina de Pachuca"
            filter={{ grupo: 'pachuca', desde: monthAgo, hasta: today }}
            showPlace={false}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
