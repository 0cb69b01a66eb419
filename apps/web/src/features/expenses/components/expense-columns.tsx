import type { Expense } from '@airlink/domain';
import { Box, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Money } from '../../../components/ui/money';
import { CategoryIcon } from './category-icon';
import { ExpenseStatusChip } from './expense-status-chip';
import { dayText } from '../../../components/ui/date-text';

/** The date an expense is listed by: when it was paid, else when it is scheduled. */
function ExpenseDate({ row }: { row: Expense }) {
  const paid = row.fechaRealizacion;
  return (
    <Stack sx={{ lineHeight: 1.2, justifyContent: 'center', height: '100%' }}>
      <span>{dayText(paid ?? row.fechaPagoProgramada)}</span>
      {!paid && row.fechaPagoProgramada && (
        <Typography variant="caption" color="text.secondary">
          programado
        </Typography>
      )}
    </Stack>
  );
}

const base = { sortable: false, disableColumnMenu: true } as const;
const STATUS_COLOR = { Pagado: 'success.main', Pendiente: 'warning.dark', Atrasado: 'error.main' } as const;

/**
 * The expense list's columns; the page picks a set for phones and one for wider screens. `iconOf` gives a
 * category's icon name (from GET /api/MovimientoFinancieroCategoria).
 */
export const expenseColumns = (iconOf: (idGasto: number) => string | undefined) =>
  ({
    fecha: {
      ...base,
      field: 'fecha',
      headerName: 'Fecha',
      width: 112,
      renderCell: ({ row }) => <ExpenseDate row={row} />,
    },
    categoria: {
      ...base,
      field: 'categoriaNombre',
      headerName: 'Categoría',
      width: 170,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <CategoryIcon name={iconOf(row.idGasto) ?? 'Category'} color="action" />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.categoriaNombre}
          </Box>
        </Stack>
      ),
    },
    descripcion: {
      ...base,
      field: 'descripcion',
      headerName: 'Descripción',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={row.nota ? `Nota: ${row.nota}` : undefined}>
          {row.descripcion}
        </Box>
      ),
    },
    resumen: {
      ...base,
      field: 'descripcion',
      headerName: 'Gasto',
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Stack sx={{ lineHeight: 1.25, justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.descripcion}
          </Box>
          <Typography variant="caption" color="text.secondary" noWrap>
            {dayText(row.fechaRealizacion ?? row.fechaPagoProgramada)} · {row.categoriaNombre}
          </Typography>
        </Stack>
      ),
    },
    montoEstado: {
      ...base,
      field: 'monto',
      headerName: 'Monto',
      width: 118,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Stack sx={{ lineHeight: 1.25, justifyContent: 'center', alignItems: 'flex-end', height: '100%' }}>
          <Money value={row.monto} />
          <Typography variant="caption" sx={{ color: STATUS_COLOR[row.estadoPago], fontWeight: 600 }}>
            {row.estadoPago}
          </Typography>
        </Stack>
      ),
    },
    cuenta: { ...base, field: 'cuentaNombre', headerName: 'Cuenta', width: 160 },
    monto: {
      ...base,
      field: 'monto',
      headerName: 'Monto',
      width: 124,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => <Money value={row.monto} />,
    },
    estado: {
      ...base,
      field: 'estadoPago',
      headerName: 'Estado',
      width: 118,
      renderCell: ({ row }) => <ExpenseStatusChip status={row.estadoPago} />,
    },
    creadoPor: {
      ...base,
      field: 'creadoPor',
      headerName: 'Registró',
      width: 150,
      valueGetter: (_v, row) => row.creadoPor ?? '—',
    },
  }) satisfies Record<string, GridColDef<Expense>>;
