import { businessDate } from '../../../lib/business-time';
import { useMemo } from 'react';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, LinearProgress, Paper, Skeleton, Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useSearchParams } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { useDownloadFinanceReportCsv } from '../api/download-finance-report-csv';
import { useFinanceReport, type ReportRange } from '../api/get-finance-report';
import { ExpensesByCategory } from '../components/expenses-by-category';
import { IncomeByAccount } from '../components/income-by-account';
import { IncomeChart } from '../components/income-chart';
import { RangeBar } from '../components/range-bar';
import { SummaryCards } from '../components/summary-cards';
import { presetRange, rangeError, rangeText } from '../report-range';

/** The period in the address (?desde=&hasta=), or this month when it is missing or invalid. */
function useReportRange(today: string): [ReportRange, (r: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const range = useMemo<ReportRange>(
    () => (desde && hasta && !rangeError({ desde, hasta }) ? { desde, hasta } : presetRange('este-mes', today)),
    [desde, hasta, today],
  );
  const setRange = (r: ReportRange) => setParams({ desde: r.desde, hasta: r.hasta }, { replace: true });
  return [range, setRange];
}

function ReportSkeleton() {
  return (
    <Stack spacing={2.5} aria-label="Cargando reporte">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {Array.from({ length: 6 }, (_, i) => (
          <CardSkeleton key={i} lines={1} />
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Skeleton variant="text" width={180} sx={{ fontSize: '1.25rem' }} />
        <Skeleton variant="rounded" height={280} sx={{ mt: 1 }} />
      </Paper>
      <TableSkeleton rows={4} columns={4} />
    </Stack>
  );
}

/**
 * Finanzas (/dashboard/finanzas, level 20): a real report of a period (docs/business-rules.md "Finance"): income per
 * office and bank, per day and per account, expenses per category, the net result, adjustments apart, and
 * the same report as CSV for Excel.
 */
export function FinanceReportPage() {
  const today = businessDate(new Date());
  const [range, setRange] = useReportRange(today);
  const report = useFinanceReport(range);
  const download = useDownloadFinanceReportCsv();
  const { enqueueSnackbar } = useSnackbar();

  const exportCsv = async () => {
    try {
      await download.mutateAsync(range);
      enqueueSnackbar('Reporte descargado', { variant: 'success' });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'No se pudo descargar el reporte.';
      enqueueSnackbar(`No se pudo exportar el CSV: ${message}`, { variant: 'error' });
    }
  };

  const data = report.data;
  const stale = report.isPlaceholderData || (report.isFetching && !report.isPending);

  return (
    <Box>
      <PageHeader
        title="Finanzas"
        subtitle={`Reporte del ${rangeText(range)}`}
        actions={
          <Button
            variant="contained"
            startIcon={
              download.isPending ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <FileDownloadOutlinedIcon />
              )
            }
            onClick={() => void exportCsv()}
            disabled={download.isPending}
          >
            Exportar CSV
          </Button>
        }
      />
      <RangeBar range={range} today={today} onChange={setRange} />

      {report.isError && !data ? (
        <Paper variant="outlined">
          <ErrorState message="No se pudo cargar el reporte de finanzas." onRetry={() => void report.refetch()} />
        </Paper>
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <Box sx={{ position: 'relative' }} aria-busy={stale}>
          {stale && (
            <LinearProgress
              aria-label="Actualizando reporte"
              sx={{ position: 'absolute', top: -10, left: 0, right: 0 }}
            />
          )}
          <Box sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <SummaryCards report={data} />
            <Box sx={{ mb: 2.5 }}>
              <IncomeChart report={data} range={{ desde: data.desde, hasta: data.hasta }} />
            </Box>
            <Box
              sx={{
                display: 'grid',
                gap: 2.5,
                gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
                alignItems: 'stretch',
              }}
            >
              <IncomeByAccount report={data} />
              <ExpensesByCategory report={data} />
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}
