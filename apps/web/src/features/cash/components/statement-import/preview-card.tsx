import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { StatementRows } from '../statement-rows';
import { ImportAction } from './import-action';
import { ImportErrorRows, PreviewErrorRows } from './preview-problems';
import { failMessage, movements } from './statement-import-texts';
import { StatusFilter } from './status-filter';
import type { StatementImportState } from './use-statement-import';

/** Step 3: every row as it would be imported, filterable by status, with the problems and the import. */
export function PreviewCard({ state }: { state: StatementImportState }) {
  const { preview, data, rows, importErrors, accountName } = state;
  return (
    <Card component="section" aria-label="Vista previa">
      {preview.isPending && <LinearProgress aria-label="Actualizando vista previa" />}
      <CardContent>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              3. Vista previa
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data
                ? `${movements(data.filas.length)} en el archivo, para ${accountName}.`
                : 'Primeras filas con el mapeo sugerido. Elige las columnas obligatorias para ver todas.'}
            </Typography>
          </Box>
          {data && <StatusFilter preview={data} value={state.statusFilter} onChange={state.setStatusFilter} />}
        </Stack>

        {preview.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failMessage(preview.error)}
          </Alert>
        )}
        {data && <PreviewErrorRows preview={data} />}
        {importErrors && <ImportErrorRows errors={importErrors} />}

        <StatementRows rows={rows} loading={preview.isPending} />
        <ImportAction state={state} />
      </CardContent>
    </Card>
  );
}
