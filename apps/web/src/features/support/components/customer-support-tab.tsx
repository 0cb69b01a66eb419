import { useMemo, useState } from 'react';
import { type SupportTicket } from '@airlink/domain';
import { Paper } from '@mui/material';
import { type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { useCustomerTickets } from '../api/list-customer-tickets';
import { ticketColumns } from './ticket-columns';
import { TicketDetailDialog } from './ticket-detail-dialog';

/** The customer panel's 'Soporte' tab: the customer's tickets, 10 a page, newest first; a row opens the ticket. */
export function CustomerSupportTab({ customerId }: { customerId: number }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [openId, setOpenId] = useState<number | null>(null);
  const tickets = useCustomerTickets(customerId, pagination.page, pagination.pageSize);

  const columns = useMemo<GridColDef<SupportTicket>[]>(
    () =>
      [
        ticketColumns.createdAt,
        ticketColumns.titulo,
        ticketColumns.prioridad,
        ticketColumns.estado,
        ticketColumns.asignado,
      ].map((c) => ({ ...c, sortable: false })),
    [],
  );

  if (tickets.isError) {
    return (
      <Paper variant="outlined">
        <ErrorState message="No se pudieron cargar los tickets del cliente." onRetry={() => void tickets.refetch()} />
      </Paper>
    );
  }

  return (
    <>
      <DataTable<SupportTicket>
        aria-label="Tickets de soporte del cliente"
        rows={tickets.data?.items ?? []}
        rowCount={tickets.data?.total ?? 0}
        columns={columns}
        loading={tickets.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={[]}
        onSortModelChange={() => undefined}
        onRowClick={(row) => setOpenId(row.id)}
        emptyText="Sin tickets de soporte"
        emptyDescription="Los tickets que se registren con el botón Soporte aparecerán aquí."
      />
      {openId !== null && (
        <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(null)} showCustomerLink={false} />
      )}
    </>
  );
}
