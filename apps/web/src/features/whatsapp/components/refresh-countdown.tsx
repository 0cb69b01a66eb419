import { CONVERSATIONS_REFRESH_SECONDS, countdownText } from '@airlink/domain';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';

export interface RefreshCountdownProps {
  /** When the list was last refreshed (ms); the countdown runs from there. */
  lastRefresh: number;
  /** Refreshes the list (and moves `lastRefresh`): on click, and when the countdown reaches 0. */
  onRefresh: () => void;
  seconds?: number;
  busy?: boolean;
}

/** The circular countdown of the conversation list (docs/business-rules.md "Screens": 180 s; a click refreshes now). */
export function RefreshCountdown({
  lastRefresh,
  onRefresh,
  seconds = CONVERSATIONS_REFRESH_SECONDS,
  busy = false,
}: RefreshCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const tick = useEffectEvent(() => {
    const t = Date.now();
    setNow(t);
    if (t >= lastRefresh + seconds * 1000) onRefresh();
  });
  useEffect(() => {
    const timer = setInterval(() => tick(), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = Math.max(0, Math.min(seconds, Math.ceil((lastRefresh + seconds * 1000 - now) / 1000)));
  const label = `Actualizar ahora (se actualiza sola en ${countdownText(left)})`;
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onRefresh} sx={{ p: 0.25 }}>
        <Box sx={{ position: 'relative', display: 'inline-flex' }}>
          <CircularProgress
            variant={busy ? 'indeterminate' : 'determinate'}
            value={(left / seconds) * 100}
            size={40}
            thickness={4}
          />
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography variant="caption" component="span" sx={{ fontWeight: 600, fontSize: 11 }}>
              {countdownText(left)}
            </Typography>
          </Box>
        </Box>
      </IconButton>
    </Tooltip>
  );
}
