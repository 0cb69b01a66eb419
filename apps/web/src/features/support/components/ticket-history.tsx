import { type SupportHistoryEntry } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import { DateText } from '../../../components/ui/date-text';
import { historyText } from '../ticket-changes';

const DOT_COLOR: Record<string, string> = {
  creado: 'primary.main',
  estado: 'warning.main',
  prioridad: 'error.main',
  asignadoA: 'secondary.main',
  nota: 'text.secondary',
};

/** The ticket's history as a vertical timeline, in the server's order (newest first). */
export function TicketHistory({ entries }: { entries: readonly SupportHistoryEntry[] }) {
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Sin movimientos todavía.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Historial del ticket" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, i) => {
        const { title, detail } = historyText(entry);
        const last = i === entries.length - 1;
        return (
          <Box component="li" key={entry.id} sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: last ? 0 : 2 }}>
            <Box sx={{ position: 'relative', flexShrink: 0, width: 12, display: 'flex', justifyContent: 'center' }}>
              <Box
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  mt: 0.75,
                  borderRadius: '50%',
                  bgcolor: DOT_COLOR[entry.campo] ?? 'primary.main',
                  zIndex: 1,
                }}
              />
              {!last && (
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: 16,
                    bottom: -8,
                    left: '50%',
                    width: 2,
                    ml: '-1px',
                    bgcolor: 'divider',
                  }}
                />
              )}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              {detail && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {detail}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" component="p">
                <DateText value={entry.at} withTime /> · {entry.usuario ?? 'Sistema'}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
