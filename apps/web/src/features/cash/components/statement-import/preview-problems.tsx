import type { StatementPreview } from '@airlink/domain';
import { Alert, AlertTitle, Box } from '@mui/material';

/** The rows of the preview with errors (nothing is imported while there are any), the first 8 listed. */
export function PreviewErrorRows({ preview }: { preview: StatementPreview }) {
  const errorRows = preview.filas.filter((r) => r.estado === 'error');
  if (errorRows.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>
        {errorRows.length === 1 ? 'Hay 1 fila con errores' : `Hay ${errorRows.length} filas con errores`}
      </AlertTitle>
      Corrige el archivo o el mapeo de columnas: no se importa nada mientras haya errores.
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {errorRows.slice(0, 8).map((r) => (
          <li key={r.fila}>
            Fila {r.fila}: {r.mensajes.join(' · ')}
          </li>
        ))}
        {errorRows.length > 8 && <li>… y {errorRows.length - 8} más (fíltralas con el botón Errores).</li>}
      </Box>
    </Alert>
  );
}

/** The server refused the import (all or nothing): its message per row. */
export function ImportErrorRows({ errors }: { errors: ReadonlyArray<[string, string[]]> }) {
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>No se importó nada: revisa estas filas</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Errores de la importación">
        {errors.map(([row, messages]) => (
          <li key={row}>
            {row.charAt(0).toUpperCase() + row.slice(1)}: {messages.join(' · ')}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
