import { useMemo } from 'react';
import type { CashCloseItem } from '@airlink/domain';
import { Box, Chip, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { DateText, dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useCashCloses } from '../api/list-cash-closes';
import { DifferenceText } from './cash-difference';

const base = { sortable: false, disableColumnMenu: true } as const;
const money = (field: 'esperado' | 'contado', headerName: string): GridColDef<CashCloseItem> => ({
  ...base,
  field,
  headerName,
  width: 120,
  align: 'right',
  headerAlign: 'right',
  renderCell: ({ row }) => <Money value={row[field]} />,
});

const columns = {
  fecha: { ...base, field: 'fecha', headerName: 'Día', width: 110, valueFormatter: (v: string) => dayText(v) },
  cuenta: { ...base, field: 'cuenta', headerName: 'Oficina', flex: 1, minWidth: 150 },
  esperado: money('esperado', 'Esperado'),
  contado: money('contado', 'Contado'),
  diferencia: {
    ...base,
    field: 'diferencia',
    headerName: 'Diferencia',
    width: 136,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <DifferenceText diferencia={row.diferencia} size="body2" compact />
      </Box>
    ),
  },
  estado: {
    ...base,
    field: 'cerrado',
    headerName: 'Estado',
    width: 116,
    renderCell: ({ row }) =>
      row.cerrado ? (
        <Chip size="small" label="Cerrado" color="success" variant="outlined" />
      ) : (
        <Chip size="small" label="Reabierto" color="warning" variant="outlined" />
      ),
  },
  cerro: {
    ...base,
    field: 'cerradoPor',
    headerName: 'Cerró',
    width: 190,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25 }}>
        <span>{row.cerradoPor ?? '—'}</span>
        <Typography variant="caption" color="text.secondary">
          <DateText value={row.cerradoEn} withTime />
        </Typography>
      </Stack>
    ),
  },
  resumen: {
    ...base,
    field: 'resumen',
    headerName: 'Corte',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.25 }}>
        <span>
          {dayText(row.fecha)} · {row.cuenta}
        </span>
        <Typography variant="caption" color="text.secondary">
          {row.cerrado ? 'Cerrado' : 'Reabierto'} por {row.cerradoPor ?? '—'}
        </Typography>
      </Stack>
    ),
  },
} satisfies Record<string, GridColDef<CashCloseItem>>;

/** Every close, newest day first; choosing one shows that office and day above. */
export function CashCloseList({ onSelect }: { onSelect: (item: CashCloseItem) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const table = useServerTable();
  const list = useCashCloses(table.params.page, table.params.pageSize);
  const cols = useMemo<GridColDef<CashCloseItem>[]>(
    () =>
      phone
        ? [columns.resumen, columns.diferencia]
        : [
            columns.fecha,
            columns.cuenta,
            columns.esperado,
            columns.contado,
            columns.diferencia,
            columns.estado,
            columns.cerro,
          ],
    [phone],
  );
  if (list.isError)
    return <ErrorState message="No se pudieron cargar los cortes de caja." onRetry={() => void list.refetch()} />;
  return (
    <DataTable<CashCloseItem>
      aria-label="Cortes de caja"
      rows={list.data?.items ?? []}
      rowCount={list.data?.total ?? 0}
      columns={cols}
      loading={list.isFetching}
      {...table.tableProps}
      onRowClick={onSelect}
      emptyText="Aún no hay cortes"
      emptyDescription="Cada oficina cierra su caja al terminar el día; los cortes aparecerán aquí."
    />
  );
}
