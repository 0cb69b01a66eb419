import { Fragment, useMemo, type ReactNode } from 'react';
import { type ConnectedUser } from '@airlink/domain';
import { formatDate, formatTime } from '../../../lib/business-time';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Chip, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ActivityDot } from './activity-dot';

/** A header title that may take two lines, so narrow columns keep their whole name. */
function WrappedHeader({ title }: { title: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'normal', lineHeight: 1.2, fontWeight: 600 }}>
      {title}
    </Box>
  );
}

/** Centres a cell's content vertically (the grid only centres plain one-line text). */
function CellBox({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>{children}</Box>;
}

/** A path or label with line-break opportunities after each '/' (the text itself is unchanged). */
function withSlashBreaks(text: string): ReactNode {
  const parts = text.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** Up to two lines (paths and actions are long); the whole text shows on hover. */
function TextCell({ text, path = false }: { text: string; path?: boolean }) {
  const shown = text.trim() || '—';
  return (
    <CellBox>
      <Box
        component="span"
        title={shown}
        sx={{
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
          overflowWrap: 'break-word',
          whiteSpace: 'normal',
          lineHeight: 1.3,
        }}
      >
        {path ? withSlashBreaks(shown) : shown}
      </Box>
    </CellBox>
  );
}

/** The date over the time of day (es-MX, business time zone); 'Fecha inválida' when unreadable. */
function DateTimeCell({ value }: { value: string }) {
  const d = new Date(value);
  return (
    <CellBox>
      {Number.isNaN(d.getTime()) ? (
        <span>Fecha inválida</span>
      ) : (
        <Box
          component="time"
          dateTime={d.toISOString()}
          sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}
        >
          <span>{formatDate(d)}</span>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
            {formatTime(d)}
          </Typography>
        </Box>
      )}
    </CellBox>
  );
}

const hiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface ConnectedUsersTableProps {
  rows: readonly ConnectedUser[];
  loading: boolean;
  now: Date;
  /** The signed-in admin's own connection: marked 'Tú', never offered 'Desconectar'. */
  isOwn: (row: ConnectedUser) => boolean;
  filtered: boolean;
  onDetails: (row: ConnectedUser) => void;
  onDisconnect: (row: ConnectedUser) => void;
}

/** One row per hub connection, the most recently active first. */
export function ConnectedUsersTable({
  rows,
  loading,
  now,
  isOwn,
  filtered,
  onDetails,
  onDisconnect,
}: ConnectedUsersTableProps) {
  const theme = useTheme();
  // On phones the actions come right after the name, so they need no sideways scroll.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const columns = useMemo<GridColDef<ConnectedUser>[]>(() => {
    const all: GridColDef<ConnectedUser>[] = [
      {
        field: 'activity',
        headerName: 'Actividad',
        renderHeader: () => (
          <Box component="span" sx={hiddenText}>
            Actividad
          </Box>
        ),
        width: 44,
        sortable: false,
        disableColumnMenu: true,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => <ActivityDot lastActivity={row.lastActivity} now={now} />,
      },
      {
        field: 'fullName',
        headerName: 'Usuario',
        flex: 1.2,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }} title={row.fullName}>
              {row.fullName}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" noWrap data-role="user-name">
                {row.userName}
              </Typography>
              {isOwn(row) && (
                <Chip
                  size="small"
                  color="primary"
                  label="Tú"
                  sx={{ height: 18, fontSize: '0.6875rem', flexShrink: 0, '& .MuiChip-label': { px: 0.75 } }}
                />
              )}
            </Box>
          </Box>
        ),
      },
      {
        field: 'computerName',
        headerName: 'Equipo',
        flex: 0.9,
        minWidth: 130,
        renderCell: ({ value }) => <TextCell text={String(value ?? '')} />,
      },
      {
        field: 'ipAddress',
        headerName: 'IP',
        width: 112,
        renderCell: ({ value }) => <TextCell text={String(value ?? '')} />,
      },
      {
        field: 'currentPage',
        headerName: 'Página actual',
        renderHeader: () => <WrappedHeader title="Página actual" />,
        flex: 1,
        minWidth: 130,
        renderCell: ({ value }) => <TextCell text={String(value ?? '')} path />,
      },
      {
        field: 'currentAction',
        headerName: 'Acción',
        flex: 1,
        minWidth: 130,
        renderCell: ({ value }) => <TextCell text={String(value ?? '')} />,
      },
      {
        field: 'connectedAt',
        headerName: 'Conectado desde',
        renderHeader: () => <WrappedHeader title="Conectado desde" />,
        width: 124,
        renderCell: ({ row }) => <DateTimeCell value={row.connectedAt} />,
      },
      {
        field: 'lastActivity',
        headerName: 'Última actividad',
        renderHeader: () => <WrappedHeader title="Última actividad" />,
        width: 124,
        renderCell: ({ row }) => <DateTimeCell value={row.lastActivity} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 92,
        align: 'left',
        headerAlign: 'left',
        getActions: ({ row }) => {
          const items = [
            <GridActionsCellItem
              key="details"
              icon={
                <Tooltip title="Detalles">
                  <InfoOutlinedIcon />
                </Tooltip>
              }
              label="Detalles"
              onClick={() => onDetails(row)}
            />,
          ];
          if (!isOwn(row)) {
            items.push(
              <GridActionsCellItem
                key="disconnect"
                icon={
                  <Tooltip title="Desconectar">
                    <LinkOffIcon color="error" />
                  </Tooltip>
                }
                label="Desconectar"
                onClick={() => onDisconnect(row)}
              />,
            );
          }
          return items;
        },
      },
    ];
    if (!phone) return all;
    const actions = all.filter((c) => c.field === 'actions');
    const rest = all.filter((c) => c.field !== 'actions');
    return [...rest.slice(0, 2), ...actions, ...rest.slice(2)];
  }, [now, isOwn, onDetails, onDisconnect, phone]);

  return (
    <DataTable<ConnectedUser>
      mode="client"
      aria-label="Usuarios conectados"
      rows={rows}
      columns={columns}
      loading={loading}
      getRowId={(row) => row.connectionId}
      initialSort={[{ field: 'lastActivity', sort: 'desc' }]}
      emptyText={filtered ? 'Sin resultados' : 'Nadie conectado'}
      emptyDescription={
        filtered
          ? 'Ninguna conexión coincide con la búsqueda o el filtro.'
          : 'No hay conexiones abiertas en este momento.'
      }
    />
  );
}
