import { useMemo, useState } from 'react';
import { type AgendaEvent } from '@airlink/domain';
import { formatDate, formatTime } from '../../../lib/business-time';
import { Box, Paper, Typography } from '@mui/material';
import { type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { useCustomerVisits } from '../api/list-customer-visits';

function Wrapped({ text, muted = false }: { text: string; muted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
      <Typography
        variant="body2"
        component="span"
        color={muted ? 'text.secondary' : 'text.primary'}
        title={text}
        sx={{
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
          lineHeight: 1.35,
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** The customer panel's 'Visitas' tab: the customer's visits, 10 a page, newest first. */
export function CustomerVisitsTab({ customerId }: { customerId: number }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const visits = useCustomerVisits(customerId, pagination.page, pagination.pageSize);

  const columns = useMemo<GridColDef<AgendaEvent>[]>(
    () => [
      {
        field: 'fechaEvento',
        headerName: 'Fecha y hora',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Box
            component="time"
            dateTime={row.fechaEvento}
            sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 }}
          >
            <span>{formatDate(row.fechaEvento)}</span>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
              {formatTime(row.fechaEvento)} – {formatTime(row.fechaFin)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'accionRealizar',
        headerName: 'Acción',
        flex: 0.8,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => <Wrapped text={row.accionRealizar} />,
      },
      {
        field: 'titulo',
        headerName: 'Título',
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <Wrapped text={row.titulo} />,
      },
      {
        field: 'descripcion',
        headerName: 'Descripción',
        flex: 1.4,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => <Wrapped text={row.descripcion || '—'} muted={!row.descripcion} />,
      },
    ],
    [],
  );

  if (visits.isError) {
    return (
      <Paper variant="outlined">
        <ErrorState message="No se pudieron cargar las visitas del cliente." onRetry={() => void visits.refetch()} />
      </Paper>
    );
  }

  return (
    <DataTable<AgendaEvent>
      aria-label="Visitas del cliente"
      rows={visits.data?.items ?? []}
      rowCount={visits.data?.total ?? 0}
      columns={columns}
      loading={visits.isFetching}
      paginationModel={pagination}
      onPaginationModelChange={setPagination}
      sortModel={[]}
      onSortModelChange={() => undefined}
      emptyText="Sin visitas"
      emptyDescription="Las visitas que se agenden con el botón Visita aparecerán aquí."
    />
  );
}
