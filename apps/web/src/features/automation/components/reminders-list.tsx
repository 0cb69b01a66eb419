import { REMINDER_STATES, type ReminderItem, type ReminderState } from '@airlink/domain';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { FilterSelect } from '../../../components/ui/filter-select';
import { useListFilters } from '../../../components/ui/use-list-filters';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useReminders, useSendReminders } from '../api/list-reminders';
import { errorText, REMINDER_STATE_LABELS, reminderRunText } from './automation-labels';

const NO_FILTERS: { estado: ReminderState | '' } = { estado: '' };
const STATE_OPTIONS = REMINDER_STATES.map((s) => ({ value: s, label: REMINDER_STATE_LABELS[s].text }));

const columns: GridColDef<ReminderItem>[] = [
  {
    field: 'creado',
    headerName: 'En cola desde',
    width: 150,
    renderCell: ({ value }) => <DateText value={value as string} withTime />,
  },
  {
    field: 'nombre',
    headerName: 'Cliente',
    flex: 1,
    minWidth: 200,
    valueGetter: (_v, row) => `${row.no} · ${row.nombre}`,
  },
  { field: 'telefono', headerName: 'Teléfono', width: 140 },
  {
    field: 'fechaCorte',
    headerName: 'Fecha de corte',
    width: 130,
    renderCell: ({ value }) => <DateText value={value as string} />,
  },
  {
    field: 'estado',
    headerName: 'Estado',
    width: 120,
    renderCell: ({ value }) => {
      const label = REMINDER_STATE_LABELS[value as ReminderState];
      return <Chip size="small" label={label.text} color={label.color} />;
    },
  },
  { field: 'intentos', headerName: 'Intentos', width: 90, type: 'number' },
  {
    field: 'enviado',
    headerName: 'Enviado',
    width: 150,
    renderCell: ({ value }) => (value ? <DateText value={value as string} withTime /> : '—'),
  },
  { field: 'error', headerName: 'Detalle', flex: 1, minWidth: 200, valueGetter: (v: string | null) => v ?? '' },
];

/** The queue and history of reminders, newest first, with 'Enviar ahora'. */
export function RemindersList() {
  const { params, tableProps, setPaginationModel } = useServerTable();
  const filters = useListFilters({ empty: NO_FILTERS, table: { setPaginationModel } });
  const { estado } = filters.applied;
  const list = useReminders({ ...params, ...(estado === '' ? {} : { estado }) });
  const send = useSendReminders();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);

  const sendNow = async () => {
    setError(null);
    try {
      const result = await send.mutateAsync();
      enqueueSnackbar(reminderRunText(result), {
        variant: result.error !== null ? 'warning' : result.enviados === 0 ? 'info' : 'success',
      });
    } catch (e) {
      setError(errorText(e, 'No se pudieron enviar los recordatorios.'));
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-label="Recordatorios enviados y en cola"
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            Recordatorios
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <FilterSelect
              label="Estado"
              value={filters.values.estado}
              onChange={(v) => filters.set({ estado: v })}
              all="Todos"
              options={STATE_OPTIONS}
              sx={{ minWidth: 150 }}
            />
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => void sendNow()}
              disabled={send.isPending}
            >
              Enviar ahora
            </Button>
          </Box>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {list.isError ? (
          <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            {...tableProps}
            aria-label="Recordatorios"
            rows={list.data?.items ?? []}
            rowCount={list.data?.total ?? 0}
            columns={columns}
            loading={list.isFetching}
            emptyText="Sin recordatorios"
            emptyDescription="Aparecen aquí cuando un contrato se acerca a su fecha de corte."
          />
        )}
      </Stack>
    </Paper>
  );
}
