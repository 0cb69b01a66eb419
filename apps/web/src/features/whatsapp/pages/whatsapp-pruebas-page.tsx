import { TEST_PANEL_INSTANCE, type WhatsAppGroup } from '@airlink/domain';
import { Box, Stack } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { GroupsPanel } from '../components/test-panel/groups-panel';
import { InstancePanel } from '../components/test-panel/instance-panel';
import { ResultPanel } from '../components/test-panel/result-panel';
import { TestMessagePanel } from '../components/test-panel/test-message-panel';
import type { ReportResult, TestResult } from '../components/test-panel/test-result';

const INSTANCE = TEST_PANEL_INSTANCE;

/**
 * WhatsApp Pruebas (docs/business-rules.md "Screens", level 20): the fixed instance Personal. Its state ('Verificar Estado',
 * 'Conectar' with the QR while not open, 'Reiniciar' with the re-checks at 2 s and 5 s), sending a text to a
 * number or to the selected group, and its groups (get, create, leave all). Every outcome lands in the result
 * panel with the spec's texts; the keys never reach the browser. One component per panel
 * (`components/test-panel/`); the page holds what they share: the outcome shown and the chosen group.
 */
export function WhatsAppPruebasPage() {
  const [result, setResult] = useState<TestResult | null>(null);
  const [group, setGroup] = useState<WhatsAppGroup | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  /** Shows an outcome and brings it (or the QR) into view: on phones the result panel is below the buttons. */
  const report = useCallback<ReportResult>((r, scrollTo) => {
    setResult(r);
    const target = scrollTo ?? resultRef;
    requestAnimationFrame(() => target.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
  }, []);

  return (
    <Box>
      <PageHeader title="WhatsApp Pruebas" subtitle="Panel de pruebas de la instancia de WhatsApp de uso interno." />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <InstancePanel instance={INSTANCE} report={report} />
          <TestMessagePanel instance={INSTANCE} group={group} report={report} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <GroupsPanel instance={INSTANCE} selected={group} onSelect={setGroup} report={report} />
          <ResultPanel result={result} ref={resultRef} />
        </Stack>
      </Box>
    </Box>
  );
}
