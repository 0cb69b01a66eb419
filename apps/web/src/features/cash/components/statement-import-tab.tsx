import { Stack } from '@mui/material';
import { ColumnMappingCard } from './statement-import/column-mapping-card';
import { PreviewCard } from './statement-import/preview-card';
import { StatementFileCard } from './statement-import/statement-file-card';
import { useStatementImport } from './statement-import/use-statement-import';

/**
 * 'Importar estado de cuenta': a bank account and a CSV file (read in the browser, at most 2 MB) → a preview
 * with the columns and a suggested mapping → the person maps fecha / monto / referencia / descripción and sees
 * every row's status → 'Importar N movimientos' (only without error rows) → the result. A re-import adds
 * nothing twice. Its parts live in `./statement-import/`.
 */
export function StatementImportTab() {
  const state = useStatementImport();
  return (
    <Stack spacing={2.5}>
      <StatementFileCard state={state} />
      {state.file && state.columns.length > 0 && <ColumnMappingCard state={state} />}
      {state.file && state.shown && <PreviewCard state={state} />}
    </Stack>
  );
}
