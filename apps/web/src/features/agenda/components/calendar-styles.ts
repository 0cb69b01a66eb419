import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/** FullCalendar dressed in the MUI theme: colours, fonts, radii; `slotHeight` in px per 30-minute row. */
export function calendarSx(slotHeight: number, clickableSlots: boolean) {
  return (theme: Theme): SystemStyleObject<Theme> => ({
    '--fc-border-color': theme.palette.divider,
    '--fc-page-bg-color': theme.palette.background.paper,
    '--fc-neutral-bg-color': theme.palette.grey[50],
    '--fc-today-bg-color': alpha(theme.palette.primary.main, 0.045),
    '--fc-now-indicator-color': theme.palette.error.main,
    '--fc-event-bg-color': theme.palette.primary.main,
    '--fc-event-border-color': theme.palette.primary.main,
    '--fc-event-text-color': theme.palette.primary.contrastText,
    '--fc-bg-event-color': theme.palette.grey[500],
    '--fc-bg-event-opacity': '0.12',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    color: theme.palette.text.primary,
    '& .fc-scrollgrid': { borderRadius: `${Number(theme.shape.borderRadius)}px`, overflow: 'hidden' },
    '& .fc-theme-standard td, & .fc-theme-standard th': { borderColor: theme.palette.divider },
    '& .fc-col-header-cell': { bgcolor: 'grey.50', py: 0.75, fontWeight: 400 },
    '& .fc-col-header-cell-cushion': { color: 'text.primary', textDecoration: 'none', p: 0, display: 'block' },
    '& .fc-timegrid-slot': { height: `${slotHeight}px` },
    '& .fc-timegrid-slot-label': { verticalAlign: 'top' },
    '& .fc-timegrid-slot-label-cushion': {
      color: 'text.secondary',
      fontSize: theme.typography.pxToRem(12),
      fontVariantNumeric: 'tabular-nums',
      px: 1,
      position: 'relative',
      top: -8,
      bgcolor: 'background.paper',
    },
    // The first label would be cut by the header.
    '& tr:first-of-type .fc-timegrid-slot-label-cushion': { top: 0 },
    '& .fc-timegrid-slot-lane': { cursor: clickableSlots ? 'pointer' : 'default' },
    '& .fc-timegrid-slot-lane:hover': clickableSlots ? { bgcolor: alpha(theme.palette.primary.main, 0.06) } : {},
    '& .fc-timegrid-event-harness-inset .fc-timegrid-event': {
      boxShadow: `0 0 0 1px ${theme.palette.background.paper}`,
    },
    '& .fc-timegrid-event': {
      borderRadius: `${Math.max(Number(theme.shape.borderRadius) - 2, 2)}px`,
      cursor: 'pointer',
      overflow: 'hidden',
    },
    '& .fc-event-main': { p: '2px 4px' },
    '& .fc-timegrid-now-indicator-line': { borderWidth: '2px 0 0' },
    // Visit calendar: taken, chosen and past.
    '& .visit-taken': {
      bgcolor: 'grey.200',
      borderColor: 'grey.300',
      color: 'text.secondary',
      '& .fc-event-main': { color: 'text.secondary' },
    },
    '& .visit-chosen': {
      bgcolor: 'success.main',
      borderColor: 'success.dark',
      '& .fc-event-main': { color: 'success.contrastText' },
    },
    '& .visit-past-event': { opacity: 0.6 },
    '& .fc-bg-event.visit-past': { cursor: 'not-allowed' },
  });
}
