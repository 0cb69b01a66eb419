import { type ReactNode } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { weekTitle, weekTitleShort } from '../visit-time';

export interface WeekToolbarProps {
  weekStart: Date;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  /** The current week is showing: 'Hoy' has nothing to do. */
  isCurrentWeek: boolean;
  /** Disables going back (the visit calendar never shows a past week). */
  prevDisabled?: boolean;
  /** More controls at the right (e.g. the view switch). */
  extra?: ReactNode;
}

/** Week navigation above a calendar: previous, 'Hoy', next and the week's dates. */
export function WeekToolbar({
  weekStart,
  onPrev,
  onNext,
  onToday,
  isCurrentWeek,
  prevDisabled,
  extra,
}: WeekToolbarProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Tooltip title="Semana anterior">
          <span>
            <IconButton aria-label="Semana anterior" onClick={onPrev} disabled={prevDisabled} size="small">
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button
          variant="outlined"
          size="small"
          onClick={onToday}
          disabled={isCurrentWeek}
          sx={{ minWidth: 0, px: 1.5 }}
        >
          Hoy
        </Button>
        <Tooltip title="Semana siguiente">
          <IconButton aria-label="Semana siguiente" onClick={onNext} size="small">
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Typography
          variant="subtitle1"
          component="h2"
          aria-live="polite"
          sx={{ fontWeight: 600, ml: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {phone ? weekTitleShort(weekStart) : weekTitle(weekStart)}
        </Typography>
      </Stack>
      {extra && <Box sx={{ flexShrink: 0 }}>{extra}</Box>}
    </Stack>
  );
}
