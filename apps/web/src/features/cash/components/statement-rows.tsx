import { useMemo } from 'react';
import type { StatementPreview } from '@airlink/domain';
import { Box, Chip, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { Money } from '../../../components/ui/money';
import { dayText } from '../../../components/ui/date-text';

export type StatementRow = StatementPreview['filas'][number];
export type RowStatus = StatementRow['estado'];

export const ROW_STATUS: Record<RowStatus, { label: string; color: 'success' | 'default' | 'warning' | 'error' }> = {
  nuevo: { label: 'Nuevo', color: 'success' },
  duplicado: { label: 'Duplicado', color: 'default' },
  omitido: { label: 'Omitido', color: 'warning' },
  error: { label: 'Error', color: 'error' },
};

export function RowStatusChip({ status }: { status: RowStatus }) {
  const s = ROW_STATUS[status];
  return <Chip size="small" label={s.label} color={s.color} variant={status === 'error' ? 'filled' : 'outlined'} />;
}

const base = { disableColumnMenu: true } as const;
const columns = {
  fila: { ...base, field: 'fila', headerName: 'Fila', width: 70, type: 'number', align: 'left', headerAlign: 'left' },
  estado: {
    ...base,
    field: 'estado',
    headerName: 'Estado',
    width: 118,
    renderCell: ({ row }) => <RowStatusChip status={row.estado} />,
  },
  fecha: {
    ...base,
    field: 'fechaRealizacion',
    headerName: 'Fecha',
    width: 108,
    valueFormatter: (v: string | null) => dayText(v),
  },
  monto: {
    ...base,
    field: 'monto',
    headerName: 'Monto',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (row.monto === null ? '—' : <Money value={row.monto} />),
  },
  referencia: {
    ...base,
    field: 'referencia',
    headerName: 'Referencia',
    width: 170,
    valueGetter: (_v, row) => row.referencia ?? '—',
  },
  detalle: {
    ...base,
    field: 'descripcion',
    headerName: 'Descripción / mensajes',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0, py: 0.5 }}>
        {row.descripcion && (
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.descripcion}
          </Box>
        )}
        {row.mensajes.map((m) => (
          <Typography
            key={m}
            variant="caption"
            sx={{ color: row.estado === 'error' ? 'error.main' : 'text.secondary', whiteSpace: 'normal' }}
          >
            {m}
          </Typography>
        ))}
      </Stack>
    ),
  },
  resumen: {
    ...base,
    field: 'referencia',
    headerName: 'Movimiento',
    flex: 1,
    minWidth: 160,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0, py: 0.5 }}>
        <span>
          Fila {row.fila} · {row.referencia ?? '—'}
        </span>
        <Typography variant="caption" color="text.secondary">
          {dayText(row.fechaRealizacion)}
        </Typography>
        {row.mensajes.map((m) => (
          <Typography
            key={m}
            variant="caption"
            sx={{ color: row.estado === 'error' ? 'error.main' : 'text.secondary', whiteSpace: 'normal' }}
          >
            {m}
          </Typography>
        ))}
      </Stack>
    ),
  },
} satisfies Record<string, GridColDef<StatementRow>>;

/** Every row of the statement as it would be imported, with its status and messages. */
export function StatementRows({ rows, loading }: { rows: readonly StatementRow[]; loading?: boolean }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const cols = useMemo<GridColDef<StatementRow>[]>(
    () =>
      phone
        ? [columns.resumen, columns.estado, columns.monto]
        : [columns.fila, columns.estado, columns.fecha, columns.monto, columns.referencia, columns.detalle],
    [phone],
  );
  return (
    <Box sx={{ '& .MuiDataGrid-cell': { alignItems: 'center' } }}>
      <DataTable<StatementRow>
        mode="client"
        aria-label="Filas del estado de cuenta"
        rows={rows}
        columns={cols}
        getRowId={(r) => r.fila}
        loading={loading}
        emptyText="Sin filas"
        emptyDescription="El archivo no tiene movimientos debajo de los encabezados."
      />
    </Box>
  );
}
