import { type SupportTicket } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { DateText } from '../../../components/ui/date-text';
import { PriorityChip, StatusChip } from './support-chips';

/** Centres a cell's content vertically (the grid only centres plain one-line text). */
function CellBox({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>{children}</Box>;
}

function TwoLines({ main, sub }: { main: string; sub?: string | null }) {
  return (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
      <Typography variant="body2" noWrap title={main} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {main}
      </Typography>
      {sub && (
        <Typography variant="caption" color="text.secondary" noWrap title={sub} sx={{ lineHeight: 1.3 }}>
          {sub}
        </Typography>
      )}
    </Box>
  );
}

type Col = GridColDef<SupportTicket>;

export const ticketColumns = {
  id: { field: 'id', headerName: 'Folio', width: 80, renderCell: ({ row }) => `#${row.id}` } satisfies Col,
  createdAt: {
    field: 'createdAt',
    headerName: 'Fecha',
    width: 150,
    renderCell: ({ row }) => (
      <CellBox>
        <DateText value={row.createdAt} withTime />
      </CellBox>
    ),
  } satisfies Col,
  titulo: {
    field: 'titulo',
    headerName: 'Título',
    flex: 1.4,
    minWidth: 200,
    renderCell: ({ row }) => <TwoLines main={row.titulo} sub={row.observaciones.split('\n')[0]} />,
  } satisfies Col,
  /** Phones: the title over the customer, in one narrow column. */
  tituloCliente: {
    field: 'titulo',
    headerName: 'Ticket',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => <TwoLines main={row.titulo} sub={`#${row.id} · ${row.nombreCliente}`} />,
  } satisfies Col,
  nombreCliente: {
    field: 'nombreCliente',
    headerName: 'Cliente',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => <TwoLines main={row.nombreCliente} sub={row.telefonoCliente || null} />,
  } satisfies Col,
  prioridad: {
    field: 'prioridad',
    headerName: 'Prioridad',
    width: 112,
    renderCell: ({ row }) => (
      <CellBox>
        <PriorityChip value={row.prioridad} />
      </CellBox>
    ),
  } satisfies Col,
  estado: {
    field: 'estado',
    headerName: 'Estado',
    width: 130,
    renderCell: ({ row }) => (
      <CellBox>
        <StatusChip value={row.estado} />
      </CellBox>
    ),
  } satisfies Col,
  asignado: {
    field: 'asignadoNombre',
    headerName: 'Asignado a',
    flex: 0.8,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) =>
      row.asignadoNombre ?? (
        <Typography variant="body2" color="text.secondary" component="span">
          Sin asignar
        </Typography>
      ),
  } satisfies Col,
};
