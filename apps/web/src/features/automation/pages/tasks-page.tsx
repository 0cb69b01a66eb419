import type { Task } from '@airlink/domain';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Chip, Paper, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useTasks } from '../api/list-tasks';
import { useRunTask } from '../api/run-task';
import { errorText, everyText, taskState, taskTitle } from '../components/automation-labels';

/**
 * 'Tareas' (issue 15, level 20): every schedule of the job runner with its next and last runs, its failures
 * and whether a run is queued or running; 'Ejecutar ahora' queues one run (one at a time).
 */
export function TasksPage() {
  const tasks = useTasks();
  const run = useRunTask();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);

  const runNow = async (task: Task) => {
    setError(null);
    try {
      await run.mutateAsync(task.nombre);
      enqueueSnackbar(`${taskTitle(task.nombre)}: ejecución en cola`, { variant: 'success' });
    } catch (e) {
      setError(errorText(e, 'No se pudo poner la tarea en cola.'));
    }
  };

  const columns: GridColDef<Task>[] = [
    {
      field: 'ejecutar',
      headerName: 'Acciones',
      sortable: false,
      // Room for the whole 'Ejecutar ahora' button at 1366 px.
      width: 176,
      renderCell: ({ row }) => (
        <Button
          size="small"
          startIcon={<PlayArrowIcon />}
          disabled={run.isPending && run.variables === row.nombre}
          onClick={(e) => {
            e.stopPropagation();
            void runNow(row);
          }}
        >
          Ejecutar ahora
        </Button>
      ),
    },
    {
      field: 'nombre',
      headerName: 'Tarea',
      flex: 1,
      minWidth: 320,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {taskTitle(row.nombre)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.nombre} · {everyText(row.cadaSegundos)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'estado',
      headerName: 'Estado',
      width: 130,
      valueGetter: (_v, row) => taskState(row).text,
      renderCell: ({ row }) => {
        const s = taskState(row);
        return <Chip size="small" color={s.color} label={s.text} />;
      },
    },
    {
      field: 'siguiente',
      headerName: 'Próxima',
      width: 150,
      renderCell: ({ value }) => <DateText value={value as string} withTime />,
    },
    {
      field: 'ultima',
      headerName: 'Última',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => {
        // What the last run did (a task that says it: why the reminders sent nothing) or why it failed.
        const note = row.ultima?.error ?? row.ultima?.resultado ?? null;
        const date = <DateText value={row.ultima?.terminada ?? null} withTime />;
        if (!note) return date;
        return (
          <Tooltip title={note}>
            <Box sx={{ lineHeight: 1.3, py: 1, minWidth: 0 }}>
              <Typography variant="body2">{date}</Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {note}
              </Typography>
            </Box>
          </Tooltip>
        );
      },
    },
    { field: 'fallas', headerName: 'Fallas (24 h)', type: 'number', width: 120 },
  ];

  const failed = (tasks.data ?? []).filter((t) => t.ultima?.estado === 'failed' && t.ultima.error);
  return (
    <Box>
      <PageHeader
        title="Tareas"
        subtitle="Trabajos programados del servidor: se ejecutan una sola vez aunque haya varios servidores."
      />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {failed.map((t) => (
        <Alert key={t.nombre} severity="error" sx={{ mb: 2 }}>
          {taskTitle(t.nombre)} falló: {t.ultima?.error}
        </Alert>
      ))}
      {tasks.isError ? (
        <ErrorState message={tasks.error.message} onRetry={() => void tasks.refetch()} />
      ) : (
        <Paper variant="outlined">
          <DataTable
            mode="client"
            aria-label="Tareas programadas"
            rows={tasks.data ?? []}
            columns={columns}
            getRowId={(t) => t.nombre}
            loading={tasks.isPending}
            emptyText="Sin tareas"
            emptyDescription="El servidor aún no registró trabajos programados."
          />
        </Paper>
      )}
    </Box>
  );
}
