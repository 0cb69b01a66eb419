import { Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { MAPPING_FIELDS } from './statement-import-texts';
import type { StatementImportState } from './use-statement-import';

const NONE = '__none__';

/** Step 2: which column of the file holds each datum (a mapping is suggested from the headers). */
export function ColumnMappingCard({ state }: { state: StatementImportState }) {
  const { columns, mapping, importing } = state;
  return (
    <Card component="section" aria-label="Columnas">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          2. Columnas
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Indica qué columna del archivo tiene cada dato. Se propuso un mapeo a partir de los encabezados.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {MAPPING_FIELDS.map((f) => (
            <TextField
              key={f.key}
              select
              size="small"
              label={f.label}
              required={f.required}
              value={mapping[f.key] || (f.required ? '' : NONE)}
              onChange={(e) => state.changeMapping(f.key, e.target.value === NONE ? '' : e.target.value)}
              error={f.required && !mapping[f.key]}
              helperText={f.required && !mapping[f.key] ? 'Elige la columna' : ' '}
              disabled={importing}
            >
              {!f.required && <MenuItem value={NONE}>— Ninguna —</MenuItem>}
              {columns.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
