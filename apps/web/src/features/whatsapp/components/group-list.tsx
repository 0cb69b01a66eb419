import type { WhatsAppGroup } from '@airlink/domain';
import GroupsIcon from '@mui/icons-material/Groups';
import { List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';

export interface GroupListProps {
  groups: WhatsAppGroup[] | undefined;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** The instance's groups; the selected one (where 'Enviar a Grupo' sends) is highlighted, a second click clears it. */
export function GroupList({ groups, selectedId, onSelect }: GroupListProps) {
  if (!groups)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        Usa «Obtener Grupos» para ver los grupos de la instancia.
      </Typography>
    );
  if (!groups.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        La instancia no está en ningún grupo.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Grupos" sx={{ maxHeight: 320, overflowY: 'auto' }}>
      {groups.map((g) => (
        <ListItemButton
          key={g.id}
          selected={g.id === selectedId}
          onClick={() => onSelect(g.id === selectedId ? null : g.id)}
          sx={{ borderRadius: 1, '&.Mui-selected': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <GroupsIcon color={g.id === selectedId ? 'primary' : 'action'} />
          </ListItemIcon>
          <ListItemText
            primary={g.subject || 'Sin nombre'}
            secondary={`${g.size} participantes · ${g.id}`}
            slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
