import { PAGE_SIZE_OPTIONS } from '@airlink/domain';
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useCustomerLogs } from '../api/list-customer-logs';

const pageSizes = [...PAGE_SIZE_OPTIONS];

/**
 * Registro tab: who wrote what and when, newest first, 10 a page. Entries can be long, so this is a
 * plain table whose rows grow with their text (always rendered as text, never as HTML).
 */
export function CustomerLogsTab({ customerId }: { customerId: number }) {
  const table = useServerTable();
  const logs = useCustomerLogs(customerId, table.params);
  const { page, pageSize } = table.paginationModel;

  if (logs.isError) {
    return (
      <Paper variant="outlined">
        <ErrorState
          message={logs.error.message || 'No se pudo cargar el registro.'}
          onRetry={() => void logs.refetch()}
        />
      </Paper>
    );
  }
  if (logs.isPending) return <TableSkeleton rows={5} columns={3} />;
  if (logs.data.total === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState
          title="Sin registros"
          description="Aquí aparecen las notas del personal y los cambios del contrato."
        />
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ opacity: logs.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
      <TableContainer>
        <Table size="small" aria-label="Registro del cliente" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 150 }}>Fecha</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 180 }}>Usuario</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Registro</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.data.items.map((entry) => (
              <TableRow key={entry.id} hover>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <DateText value={entry.fechaCreacion} withTime />
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {entry.usuario ?? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      Sistema
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.log1}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={logs.data.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes}
        onPageChange={(_e, next) => table.setPaginationModel({ page: next, pageSize })}
        onRowsPerPageChange={(e) => table.setPaginationModel({ page: 0, pageSize: Number(e.target.value) })}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
      />
    </Paper>
  );
}
