import { EMPLOYEE_STATES, type Employee, type EmployeeState } from '@airlink/domain';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EditIcon from '@mui/icons-material/Edit';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Paper, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterSelect } from '../../../components/ui/filter-select';
import { SearchField } from '../../../components/ui/search-field';
import { useListFilters } from '../../../components/ui/use-list-filters';
import { useServerTable } from '../../../components/ui/use-server-table';
import { employeeListSearch, useEmployees } from '../api/list-employees';
import { AttendanceDialog } from '../components/attendance-dialog';
import { EmployeeCalendarDialog } from '../components/employee-calendar-dialog';
import { EmployeeFormDialog } from '../components/employee-form-dialog';
import { EmployeeStateChip } from '../components/employee-state-chip';
import { VacationsDialog } from '../components/vacations-dialog';

type DialogKind = 'form' | 'attendance' | 'vacations' | 'calendar';
type Open = { kind: 'new' } | { kind: DialogKind; employee: Employee } | null;

const STATE_LABELS: Record<EmployeeState, string> = {
  activo: 'Activos',
  inactivo: 'Inactivos',
  vacaciones: 'De vacaciones',
};
const STATE_OPTIONS = EMPLOYEE_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }));
const NO_FILTERS: { q: string; estado: EmployeeState | '' } = { q: '', estado: '' };

/**
 * Empleados (/dashboard/empleados, level 20; docs/access.md "Pages", persisted): the list searched and filtered on the
 * server, each employee's counters, the create/edit form, the attendance modal, the vacation view and the month
 * calendar.
 */
export function EmployeesPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const table = useServerTable();
  const { setPaginationModel } = table;
  const filters = useListFilters({ empty: NO_FILTERS, debounced: ['q'], table: { setPaginationModel } });
  const { q: search, estado } = filters.applied;
  const list = useEmployees(employeeListSearch(table.params.page, table.params.pageSize, search, estado));
  const [open, setOpen] = useState<Open>(null);

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  // Dialogs show the employee as the list has it now, so their counters move with each record.
  const current = open && open.kind !== 'new' ? (items.find((e) => e.id === open.employee.id) ?? open.employee) : null;

  const columns = useMemo<GridColDef<Employee>[]>(() => {
    const actions: GridColDef<Employee> = {
      field: 'actions',
      type: 'actions',
      headerName: phone ? '' : 'Acciones',
      width: phone ? 56 : 168,
      getActions: ({ row }) =>
        (
          [
            ['form', 'Editar', <EditIcon key="i" />],
            ['attendance', 'Asistencias', <EventBusyIcon key="i" />],
            ['vacations', 'Vacaciones', <BeachAccessIcon key="i" />],
            ['calendar', 'Calendario', <CalendarMonthIcon key="i" />],
          ] as const
        ).map(([kind, label, icon]) =>
          phone ? (
            // On a phone the four actions live in the row's menu, so nothing is cut off.
            <GridActionsCellItem
              key={kind}
              icon={icon}
              label={label}
              showInMenu
              onClick={() => setOpen({ kind, employee: row })}
            />
          ) : (
            <GridActionsCellItem
              key={kind}
              icon={<Tooltip title={label}>{icon}</Tooltip>}
              label={`${label} de ${row.nombre} ${row.apellido}`}
              onClick={() => setOpen({ kind, employee: row })}
            />
          ),
        ),
    };
    const name: GridColDef<Employee> = {
      field: 'nombre',
      headerName: 'Empleado',
      flex: 1.3,
      minWidth: phone ? 150 : 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
            {row.nombre} {row.apellido}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {phone ? row.puesto : row.email}
          </Typography>
        </Box>
      ),
    };
    const state: GridColDef<Employee> = {
      field: 'estado',
      headerName: 'Estado',
      width: phone ? 112 : 116,
      sortable: false,
      renderCell: ({ row }) => <EmployeeStateChip estado={row.estado} />,
    };
    if (phone) return [name, state, actions];
    return [
      name,
      {
        field: 'puesto',
        headerName: 'Puesto',
        flex: 1,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.puesto}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.departamento}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'salario',
        headerName: 'Salario',
        width: 108,
        sortable: false,
        renderCell: ({ row }) => <Money value={row.salario} />,
      },
      state,
      { field: 'faltas', headerName: 'Faltas', type: 'number', width: 72, sortable: false },
      {
        field: 'diasUsados',
        headerName: 'Vacaciones',
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => `${row.diasUsados} de ${row.diasVacaciones}`,
      },
      { field: 'diasDisponibles', headerName: 'Disponibles', type: 'number', width: 100, sortable: false },
      actions,
    ];
  }, [phone]);

  return (
    <Box>
      <PageHeader
        title="Empleados"
        subtitle={
          list.data
            ? `${list.data.total} ${list.data.total === 1 ? 'empleado' : 'empleados'}${estado || search ? ' con estos filtros' : ''}`
            : 'Personal, asistencias y vacaciones'
        }
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'new' })}>
            Agregar empleado
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SearchField
            label="Buscar empleado"
            placeholder="Nombre, email, teléfono, puesto…"
            value={filters.values.q}
            onChange={(v) => filters.set({ q: v })}
            sx={{ flex: 1 }}
          />
          <FilterSelect
            label="Estado"
            value={filters.values.estado}
            onChange={(v) => filters.set({ estado: v })}
            all="Todos"
            options={STATE_OPTIONS}
            sx={{ minWidth: 180 }}
          />
        </Stack>
      </Paper>
      {list.isError ? (
        <Paper variant="outlined">
          <ErrorState message="No se pudo cargar la lista de empleados." onRetry={() => void list.refetch()} />
        </Paper>
      ) : (
        <DataTable<Employee>
          aria-label="Empleados"
          rows={items}
          rowCount={list.data?.total ?? 0}
          columns={columns}
          loading={list.isFetching}
          emptyText={estado || search ? 'Ningún empleado coincide' : 'Sin empleados'}
          emptyDescription={estado || search ? 'Prueba con otra búsqueda o estado.' : 'Agrega el primer empleado.'}
          {...table.tableProps}
        />
      )}
      {open?.kind === 'new' && <EmployeeFormDialog employee={null} onClose={() => setOpen(null)} />}
      {open?.kind === 'form' && current && <EmployeeFormDialog employee={current} onClose={() => setOpen(null)} />}
      {open?.kind === 'attendance' && current && <AttendanceDialog employee={current} onClose={() => setOpen(null)} />}
      {open?.kind === 'vacations' && current && <VacationsDialog employee={current} onClose={() => setOpen(null)} />}
      {open?.kind === 'calendar' && current && (
        <EmployeeCalendarDialog employee={current} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}
