import { messageTimeText, type ConversationFilter, type WhatsAppConversation } from '@airlink/domain';
import GroupsIcon from '@mui/icons-material/Groups';
import {
  Avatar,
  Badge,
  Box,
  Chip,
  List,
  ListItemAvatar,
  ListItemButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { SearchField } from '../../../components/ui/search-field';
import { businessTz } from '../../../lib/business-time';

const FILTERS: ReadonlyArray<[ConversationFilter, string]> = [
  ['all', 'Todas'],
  ['individual', 'Individuales'],
  ['groups', 'Grupos'],
];

export interface ConversationListProps {
  search: string;
  onSearch: (value: string) => void;
  filter: ConversationFilter;
  onFilter: (value: ConversationFilter) => void;
  /** The refresh countdown, at the right of the filters. */
  countdown: ReactNode;
  conversations: WhatsAppConversation[] | undefined;
  total: number;
  loading: boolean;
  error: ReactNode;
  selectedId: string | null;
  onSelect: (conversation: WhatsAppConversation) => void;
  now: Date;
}

/** The left side of the inbox: search, filters, countdown and the conversations, newest first. */
export function ConversationList(props: ConversationListProps) {
  const { conversations, loading, error, selectedId, now } = props;
  let body: ReactNode;
  if (error) body = error;
  else if (!conversations && loading) body = <Status text="Cargando conversaciones..." />;
  else if (!conversations?.length) body = <Status text="No se encontraron conversaciones" />;
  else
    body = (
      <List disablePadding aria-label="Conversaciones">
        {conversations.map((c) => (
          <ListItemButton
            key={c.id}
            selected={c.id === selectedId}
            onClick={() => props.onSelect(c)}
            divider
            sx={{ alignItems: 'flex-start', gap: 1, py: 1.25 }}
          >
            <ListItemAvatar sx={{ minWidth: 0, mt: 0.25 }}>
              <Badge color="success" badgeContent={c.unreadCount} max={99} overlap="circular">
                <Avatar sx={{ bgcolor: c.isGroup ? 'secondary.main' : 'primary.main', width: 40, height: 40 }}>
                  {c.isGroup ? <GroupsIcon /> : (c.name.trim()[0] ?? '?').toUpperCase()}
                </Avatar>
              </Badge>
            </ListItemAvatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Typography noWrap sx={{ flex: 1, minWidth: 0, fontWeight: c.unreadCount ? 700 : 500 }} title={c.name}>
                  {c.name}
                </Typography>
                <Typography
                  variant="caption"
                  color={c.unreadCount ? 'success.main' : 'text.secondary'}
                  sx={{ flexShrink: 0 }}
                >
                  {messageTimeText(c.lastMessage.timestamp, now, businessTz())}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" noWrap title={c.preview}>
                {c.lastMessage.fromMe ? 'Tú: ' : ''}
                {c.preview}
              </Typography>
              <Chip label={c.department} size="small" variant="outlined" sx={{ mt: 0.5, height: 20, fontSize: 11 }} />
            </Box>
          </ListItemButton>
        ))}
      </List>
    );

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <SearchField
          label="Buscar conversación"
          placeholder="Nombre, mensaje o remitente"
          value={props.search}
          onChange={props.onSearch}
          sx={{ width: '100%' }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={props.filter}
            onChange={(_e, v: ConversationFilter | null) => v && props.onFilter(v)}
            aria-label="Filtro de conversaciones"
          >
            {FILTERS.map(([value, label]) => (
              <ToggleButton key={value} value={value} sx={{ px: 1.25, textTransform: 'none' }}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {props.countdown}
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>{body}</Box>
      {conversations && props.total > conversations.length && (
        <Typography variant="caption" color="text.secondary" sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
          Se muestran las {conversations.length} más recientes de {props.total}; usa la búsqueda para encontrar otras.
        </Typography>
      )}
    </Stack>
  );
}

function Status({ text }: { text: string }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
