import { isValidIsoDate } from '@airlink/domain';
import { Box, LinearProgress, Stack, TextField } from '@mui/material';
import { useSearchParams } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { businessDate } from '../../../lib/business-time';
import { useDailyReport } from '../api/daily-report';
import { ReportSections } from '../components/report-sections';
import { ReportSettingsCard } from '../components/report-settings-card';

/**
 * 'Reporte diario' (issue 15, level 20): the owner's day at a glance — income per office and bank, cash
 * closes, cuts and reconnections, radios and routers down — and its daily WhatsApp send.
 */
export function DailyReportPage() {
  const today = businessDate(new Date());
  const [params, setParams] = useSearchParams();
  const asked = params.get('fecha') ?? '';
  const fecha = isValidIsoDate(asked) ? asked : today;
  const report = useDailyReport(fecha);

  return (
    <Box>
      <PageHeader title="Reporte diario" subtitle="Lo que el dueño recibe cada día por WhatsApp." />
      <Stack spacing={3}>
        <Box>
          <TextField
            type="date"
            label="Día"
            size="small"
            value={fecha}
            onChange={(e) => e.target.value && setParams({ fecha: e.target.value }, { replace: true })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
        </Box>
        {report.isFetching && report.data && <LinearProgress aria-label="Actualizando reporte" />}
        {report.isPending ? (
          <CardSkeleton lines={6} />
        ) : report.isError ? (
          <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />
        ) : (
          <ReportSections report={report.data} />
        )}
        <ReportSettingsCard />
      </Stack>
    </Box>
  );
}
