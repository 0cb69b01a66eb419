import { useCallback, useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import { type ConnectedUser } from '@airlink/domain';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { computerName } from '../../../lib/realtime';
import { session } from '../../../lib/session';
import { useConnectionStats } from '../api/get-connection-stats';
import { useConnectedUsers } from '../api/list-connected-users';
import { ConnectedUsersTable } from '../components/connected-users-table';
import { ConnectionCounters } from '../components/connection-counters';
import { ConnectionDetailsDialog } from '../components/connection-details-dialog';
import { DisconnectDialog } from '../components/disconnect-dialog';
import { TestIpDialog } from '../components/test-ip-dialog';
import { filterConnectedUsers, type ActivityFilter } from '../connected-user-filter';
import { useConnectedUsersLive } from '../use-connected-users-live';
import { useNow } from '../../../lib/use-now';
import { SearchField } from '../../../components/ui/search-field';

type Dialog =
  | { kind: 'details'; connection: ConnectedUser }
  | { kind: 'disconnect'; connection: ConnectedUser }
  | { kind: 'test-ip' }
  | null;

/** docs/business-rules.md "Validation and errors": a failed request vs. a server that answered with an error. */
function listErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status === 0
    ? 'Error de conexión al cargar usuarios'
    : 'Error al cargar usuarios conectados';
}

const getSessionUser = () => session.getUser();
const connections = (n: number) => `${n} ${n === 1 ? 'conexión' : 'conexiones'}`;

/**
 * Connected users (docs/access.md "Pages", level 20): who has the app open, where and how
 * recently, kept live by the hub; details and disconnection per connection, and an IP test.
 */
export function ConnectedUsersPage() {
  const list = useConnectedUsers();
  const stats = useConnectionStats();
  useConnectedUsersLive();
  const now = useNow(30_000); // activity colours are recomputed this often
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ActivityFilter>('todos');
  const [dialog, setDialog] = useState<Dialog>(null);
  const deferredQuery = useDeferredValue(query);

  // This browser's connections: its computer label (lib/realtime) and the signed-in person. Any of
  // them shares this browser's stored session, so closing one would sign the admin out here.
  const sessionUser = useSyncExternalStore(session.subscribe, getSessionUser, getSessionUser);
  const [thisComputer] = useState(computerName);
  const isOwn = useCallback(
    (c: ConnectedUser) => sessionUser !== null && c.computerName === thisComputer && c.fullName === sessionUser.name,
    [sessionUser, thisComputer],
  );

  const all = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => filterConnectedUsers(all, deferredQuery, filter, now), [all, deferredQuery, filter, now]);
  const filtered = deferredQuery.trim() !== '' || filter !== 'todos';

  const refresh = () => {
    void list.refetch();
    void stats.refetch();
  };
  const refreshing = (list.isFetching || stats.isFetching) && !list.isPending;
  const openDetails = useCallback((connection: ConnectedUser) => setDialog({ kind: 'details', connection }), []);
  const openDisconnect = useCallback((connection: ConnectedUser) => setDialog({ kind: 'disconnect', connection }), []);

  // The details dialog follows the live row; once the connection closes it keeps what it last knew.
  const detailsRow =
    dialog?.kind === 'details' ? all.find((c) => c.connectionId === dialog.connection.connectionId) : undefined;

  return (
    <Box>
      <PageHeader
        title="Usuarios Conectados"
        subtitle="Quién tiene abierto el sistema, en qué página y hace cuánto tuvo actividad. Se actualiza en vivo."
        actions={
          <>
            <Button variant="outlined" startIcon={<NetworkCheckIcon />} onClick={() => setDialog({ kind: 'test-ip' })}>
              Probar IP
            </Button>
            <Button
              variant="contained"
              startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
              onClick={refresh}
              disabled={refreshing}
            >
              Actualizar
            </Button>
          </>
        }
      />

      <ConnectionCounters stats={stats.data} loading={stats.isPending} />

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 1.5, md: 2 }}
          sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
        >
          <SearchField
            label="Buscar conexión"
            placeholder="Nombre, usuario, IP, equipo o página"
            value={query}
            onChange={(v) => setQuery(v)}
            sx={{ flex: 1, maxWidth: { md: 480 } }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Filtrar por actividad"
            value={filter}
            onChange={(_e, next: ActivityFilter | null) => {
              if (next) setFilter(next);
            }}
            sx={{ '& .MuiToggleButton-root': { px: 2, flex: { xs: 1, md: 'none' } } }}
          >
            <ToggleButton value="todos">Todos</ToggleButton>
            <ToggleButton value="activos">Activos</ToggleButton>
            <ToggleButton value="inactivos">Inactivos</ToggleButton>
          </ToggleButtonGroup>
          {list.data && (
            <Typography
              variant="body2"
              color="text.secondary"
              role="status"
              sx={{ ml: { md: 'auto' }, whiteSpace: 'nowrap' }}
            >
              {filtered ? `${rows.length} de ${connections(all.length)}` : connections(all.length)}
            </Typography>
          )}
        </Stack>
      </Paper>

      {list.isError ? (
        <Paper variant="outlined">
          <ErrorState message={listErrorMessage(list.error)} onRetry={refresh} />
        </Paper>
      ) : (
        <ConnectedUsersTable
          rows={rows}
          loading={list.isPending}
          now={now}
          isOwn={isOwn}
          filtered={filtered}
          onDetails={openDetails}
          onDisconnect={openDisconnect}
        />
      )}

      {dialog?.kind === 'details' && (
        <ConnectionDetailsDialog
          connection={detailsRow ?? dialog.connection}
          closed={list.data !== undefined && !detailsRow}
          isOwn={isOwn(dialog.connection)}
          now={now}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'disconnect' && (
        <DisconnectDialog connection={dialog.connection} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'test-ip' && <TestIpDialog onClose={() => setDialog(null)} />}
    </Box>
  );
}
