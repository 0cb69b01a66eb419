import {
  PAGES,
  WHATSAPP_MOBILE_BREAKPOINT_PX,
  type ConversationFilter,
  type WhatsAppConversation,
} from '@airlink/domain';
import ScienceIcon from '@mui/icons-material/Science';
import { Box, Button, Paper, useMediaQuery } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useConversations } from '../api/list-conversations';
import { useMarkRead } from '../api/mark-read';
import { whatsappKeys } from '../api/whatsapp-query-keys';
import { ConversationList } from '../components/conversation-list';
import { MessagePanel } from '../components/message-panel';
import { RefreshCountdown } from '../components/refresh-countdown';
import { useNow } from '../../../lib/use-now';
import { useWhatsAppLive } from '../use-whatsapp-live';

const TEST_PANEL_PATH = PAGES.find((p) => p.key === 'whatsapp-pruebas')?.path ?? '/dashboard/whatsapp-pruebas';
const WIDE = `(min-width:${WHATSAPP_MOBILE_BREAKPOINT_PX}px)`;

/**
 * WhatsApp Conversaciones (docs/business-rules.md "Screens", level 20): every department's conversations, newest first,
 * with search, filters and the 180 s countdown; new messages arrive live through the push hub. Selecting
 * one opens its messages (below 1024 px the page scrolls to them) and marks it read.
 */
export function WhatsAppConversationsPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [selected, setSelected] = useState<WhatsAppConversation | null>(null);
  const [refreshedAt, setRefreshedAt] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const list = useConversations(search, filter);
  const markRead = useMarkRead();
  const wide = useMediaQuery(WIDE, { noSsr: true });
  const panelRef = useRef<HTMLDivElement>(null);
  const now = useNow(30_000); // message times follow the clock

  // The open conversation as the latest list has it (unread count, last message); kept when filtered out.
  const current = (selected && list.data?.items.find((c) => c.id === selected.id)) || selected;

  useWhatsAppLive((event) => {
    setRefreshedAt(Date.now());
    if (current && event.conversationId === current.id && !event.message.fromMe) markRead.mutate(current.id);
  });

  const select = (c: WhatsAppConversation) => {
    setSelected(c);
    if (c.unreadCount > 0) markRead.mutate(c.id);
    if (!wide) requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };

  /** The countdown's refresh: the list and the open conversation's messages. */
  const refresh = () => {
    setRefreshedAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: whatsappKeys.conversations() });
    if (current) void queryClient.invalidateQueries({ queryKey: whatsappKeys.messages(current.id) });
  };

  return (
    <Box>
      <PageHeader
        title="WhatsApp Conversaciones"
        subtitle="Mensajes de todos los departamentos; los nuevos llegan solos."
        actions={
          <Button component={RouterLink} to={TEST_PANEL_PATH} variant="outlined" startIcon={<ScienceIcon />}>
            Panel de pruebas
          </Button>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: wide ? 'minmax(320px, 380px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
        }}
      >
        <Paper
          variant="outlined"
          sx={{ height: wide ? 'calc(100vh - 190px)' : '60vh', minHeight: 420, overflow: 'hidden' }}
        >
          <ConversationList
            search={searchText}
            onSearch={setSearchText}
            filter={filter}
            onFilter={setFilter}
            countdown={<RefreshCountdown onRefresh={refresh} lastRefresh={refreshedAt} busy={list.isFetching} />}
            conversations={list.data?.items}
            total={list.data?.total ?? 0}
            loading={list.isPending}
            error={
              list.isError ? (
                <ErrorState message="Error al obtener las conversaciones" onRetry={() => void list.refetch()} />
              ) : null
            }
            selectedId={current?.id ?? null}
            onSelect={select}
            now={now}
          />
        </Paper>
        <Paper
          ref={panelRef}
          variant="outlined"
          sx={{
            height: wide ? 'calc(100vh - 190px)' : 'calc(100dvh - 104px)',
            minHeight: 420,
            overflow: 'hidden',
            scrollMarginTop: 96,
          }}
        >
          <MessagePanel conversation={current} now={now} />
        </Paper>
      </Box>
    </Box>
  );
}
