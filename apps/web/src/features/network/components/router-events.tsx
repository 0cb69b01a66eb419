import type { RouterEvent } from '@airlink/domain';
import { Chip, Paper, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDateTime } from '../../../lib/business-time';
import { useRouterEvents } from '../api/list-router-events';

const STATE: Record<RouterEvent['estado'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  aplicado: { label: 'Aplicado', color: 'success' },
  pendiente: { label: 'Pendiente', color: 'warning' },
  error: { label: 'Error', color: 'error' },
};

const columns: GridColDef<RouterEvent>[] = [
  { field: 'fecha', headerName: 'Fecha', width: 150, valueFormatter: (v: string) => formatDateTime(v) },
  {
    field: 'estado',
    headerName: 'Estado',
    width: 110,
    renderCell: ({ row }) => <Chip size="small" label={STATE[row.estado].label} color={STATE[row.estado].color} />,
  },
  { field: 'accion', headerName: 'Acción', width: 150 },
  {
    field: 'idContrato',
    headerName: 'Contrato',
    width: 100,
    valueFormatter: (v: number | null) => (v === null ? '—' : String(v)),
  },
  { field: 'mensaje', headerName: 'Qué pasó', flex: 1, minWidth: 220 },
];

/**
 * 'Eventos del router': what provisioning and reconciliation did on this router, newest first — a profile or queue
 * put back on its plan's speed, a missing profile created again, a pending action finished (docs/network.md).
 */
export function RouterEvents({ routerId }: { routerId: number }) {
  const events = useRouterEvents(routerId);
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Eventos del router
      </Typography>
      {events.isError ? (
        <ErrorState message="No se pudieron leer los eventos del router." onRetry={() => void events.refetch()} />
      ) : (
        <DataTable
          mode="client"
          rows={events.data ?? []}
          columns={columns}
          loading={events.isLoading}
          aria-label="Eventos del router"
          emptyText="Sin eventos"
          emptyDescription="El aprovisionamiento y la conciliación aún no han hecho nada en este router."
        />
      )}
    </Paper>
  );
}
