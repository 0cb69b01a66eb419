import { Alert, Box, Paper, Typography } from '@mui/material';
import type { Ref } from 'react';
import type { TestResult } from './test-result';

/** The test panel's 'Resultado': the last outcome (with one line per group after 'Eliminar Todos'), read aloud. */
export function ResultPanel({ result, ref }: { result: TestResult | null; ref: Ref<HTMLDivElement> }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Resultado
      </Typography>
      <Box ref={ref} role="status" aria-live="polite" data-testid="test-result" sx={{ scrollMarginBottom: 16 }}>
        {result ? (
          <Alert severity={result.severity} sx={{ overflowWrap: 'anywhere' }}>
            {result.text}
            {result.details && result.details.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {result.details.map((d, i) => (
                  <li key={i} style={{ color: d.ok ? undefined : '#c62828' }}>
                    {d.text}
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Aquí aparece el resultado de cada acción.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
