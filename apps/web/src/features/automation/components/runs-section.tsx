import type { AutomationRun } from '@airlink/domain';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { useRuns } from '../api/list-runs';
import { MODE_LABELS, RUN_STATE_LABELS, runSummary } from './automation-labels';

const columns: GridColDef<AutomationRun>[] = [
  {
    field: 'fecha',
    headerName: 'Fecha',
    width: 120,
    renderCell: ({ value }) => <DateText value={value as string} />,
  },
  {
    field: 'estado',
    headerName: 'Estado',
    width: 190,
    renderCell: ({ row }) => (
      <Chip size="small" color={RUN_STATE_LABELS[row.estado].color} label={RUN_STATE_LABELS[row.estado].text} />
    ),
  },
  { field: 'resumen', headerName: 'Resultado', flex: 1, minWidth: 220, valueGetter: (_v, row) => runSummary(row) },
  { field: 'modo', headerName: 'Modo', width: 140, valueGetter: (_v, row) => MODE_LABELS[row.modo] },
  {
    field: 'aprobadaPor',
    headerName: 'Aprobada por',
    width: 160,
    valueGetter: (v: string | null) => v ?? 'Programa',
  },
  {
    field: 'terminada',
    headerName: 'Terminada',
    width: 160,
    renderCell: ({ value }) => <DateText value={value as string | null} withTime />,
  },
];

/** 'Ejecuciones': every run, newest first; a click opens its results (and 'Deshacer'). */
export function RunsSection({ onOpen }: { onOpen: (id: number) => void }) {
  const runs = useRuns();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Ejecuciones">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Ejecuciones
        </Typography>
        {runs.isError ? (
          <ErrorState message={runs.error.message} onRetry={() => void runs.refetch()} />
        ) : (
          <DataTable
            mode="client"
            aria-label="Ejecuciones"
            rows={runs.data ?? []}
            columns={columns}
            loading={runs.isPending}
            onRowClick={(r) => onOpen(r.id)}
            emptyText="Sin ejecuciones"
            emptyDescription="Aquí aparece cada corte programado o ejecutado, con su resultado por contrato."
          />
        )}
      </Stack>
    </Paper>
  );
}
