import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { NoCutSection } from '../components/no-cut-section';
import { PreviewSection } from '../components/preview-section';
import { RunDialog } from '../components/run-dialog';
import { RunsSection } from '../components/runs-section';
import { ScheduleSettings } from '../components/schedule-settings-form';

/**
 * 'Cortes programados' (issue 15, level 20): the schedule, the next run day's list with approve and run now,
 * the runs with their results and undo, and the contracts marked 'no cortar'.
 */
export function ScheduledCutsPage() {
  const [openRun, setOpenRun] = useState<number | null>(null);
  return (
    <Box>
      <PageHeader
        title="Cortes programados"
        subtitle="Suspensión de servicios vencidos en días hábiles, con lista previa, aprobación y deshacer."
      />
      <Stack spacing={3}>
        <ScheduleSettings />
        <PreviewSection onRun={(run) => setOpenRun(run.id)} />
        <RunsSection onOpen={setOpenRun} />
        <NoCutSection />
      </Stack>
      <RunDialog id={openRun} onClose={() => setOpenRun(null)} />
    </Box>
  );
}
