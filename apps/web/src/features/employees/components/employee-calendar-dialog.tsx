import {
  addDays,
  ATTENDANCE_TYPE_LABELS,
  calendarOf,
  DEFAULT_CALENDAR,
  isBusinessDay,
  isMexicanFederalHoliday,
  monthStart,
  weekday,
  type AttendanceType,
  type Employee,
} from '@airlink/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { businessDate } from '../../../lib/business-time';
import { useBusinessSettings } from '../../administration';
import { useAttendance } from '../api/attendance';
import { useVacations } from '../api/vacations';
import { EmployeeCounters } from './employee-counters';

/** Labels that fit a phone's day cell. */
const SHORT: Record<AttendanceType, string> = {
  falta: 'Falta',
  permiso: 'Perm.',
  vacacion: 'Vac.',
  incapacidad: 'Incap.',
};
const WEEKDAYS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const COLORS: Record<AttendanceType | 'pendiente', string> = {
  falta: 'error.main',
  permiso: 'grey.600',
  vacacion: 'info.main',
  incapacidad: 'warning.main',
  pendiente: 'warning.light',
};

function monthTitle(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const text = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('es-MX', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The last day of the month that starts on `first`. */
function monthEnd(first: string): string {
  return addDays(monthStart(addDays(first, 40)), -1);
}

export interface EmployeeCalendarDialogProps {
  employee: Employee;
  onClose: () => void;
}

/** The employee's month: each day with its absence (falta, permiso, vacación, incapacidad) and pending requests. */
export function EmployeeCalendarDialog({ employee, onClose }: EmployeeCalendarDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const today = businessDate(new Date());
  const [first, setFirst] = useState(() => monthStart(today));
  const last = monthEnd(first);
  const records = useAttendance(employee.id, first, last);
  const periods = useVacations(employee.id);
  // Administración's calendar: its business weekdays and its own holidays (federal holidays always apply).
  const settings = useBusinessSettings();
  const calendar = settings.data ? calendarOf(settings.data) : DEFAULT_CALENDAR;
  const ownHolidays = new Map((settings.data?.festivos ?? []).map((h) => [h.fecha, h.nombre]));

  const byDay = new Map((records.data ?? []).map((a) => [a.date, a]));
  const pending = (periods.data ?? []).filter((p) => p.status === 'pendiente');
  const lead = (weekday(first) + 6) % 7; // Monday first
  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  while (days.length % 7 !== 0) days.push(null);
  const counts = (records.data ?? []).reduce<Record<string, number>>((acc, a) => {
    acc[a.type] = (acc[a.type] ?? 0) + 1;
    return acc;
  }, {});

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="calendario-title">
      <DialogTitle id="calendario-title">
        Calendario de {employee.nombre} {employee.apellido}
      </DialogTitle>
      <DialogContent dividers>
        <EmployeeCounters employee={employee} />
        <Stack direction="row" sx={{ mt: 2, mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <IconButton aria-label="Mes anterior" onClick={() => setFirst(monthStart(addDays(first, -1)))}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="h6" component="p" aria-live="polite">
            {monthTitle(first)}
          </Typography>
          <IconButton aria-label="Mes siguiente" onClick={() => setFirst(monthStart(addDays(last, 1)))}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        {(records.isError || periods.isError) && (
          <Alert severity="error" sx={{ mb: 1 }}>
            No se pudo cargar el calendario.
          </Alert>
        )}
        <Box
          role="grid"
          aria-label={`Calendario de ${monthTitle(first)}`}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
        >
          {WEEKDAYS.map((w) => (
            <Typography key={w} variant="caption" color="text.secondary" sx={{ textAlign: 'center', fontWeight: 600 }}>
              {w}
            </Typography>
          ))}
          {days.map((d, i) => {
            if (!d) return <Box key={`empty-${i}`} />;
            const record = byDay.get(d);
            const request = !record && pending.find((p) => p.startDate <= d && d <= p.endDate);
            const dayOff = !isBusinessDay(d, calendar);
            const ownHoliday = ownHolidays.get(d);
            const holiday = isMexicanFederalHoliday(d) || ownHoliday !== undefined;
            const full = record ? ATTENDANCE_TYPE_LABELS[record.type] : request ? 'Solicitud' : '';
            const label = record && phone ? SHORT[record.type] : request && phone ? 'Sol.' : full;
            return (
              <Box
                key={d}
                role="gridcell"
                aria-label={`${Number(d.slice(8))}${full ? `: ${full}` : ''}${record ? ` (${record.reason})` : ''}${holiday ? `, día festivo${ownHoliday ? `: ${ownHoliday}` : ''}` : ''}`}
                title={
                  record ? `${label}: ${record.reason}` : request ? 'Vacaciones solicitadas (pendiente)' : ownHoliday
                }
                sx={{
                  minHeight: { xs: 44, sm: 64 },
                  p: 0.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: d === today ? 'primary.main' : 'divider',
                  bgcolor: dayOff ? 'action.hover' : 'background.paper',
                  overflow: 'hidden',
                }}
              >
                <Typography variant="caption" sx={{ fontWeight: d === today ? 700 : 400 }}>
                  {Number(d.slice(8))}
                </Typography>
                {holiday && !label && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ fontSize: { xs: 9, sm: 11 } }}
                  >
                    Festivo
                  </Typography>
                )}
                {label && (
                  <Box
                    sx={{
                      mt: 0.25,
                      px: 0.5,
                      borderRadius: 0.5,
                      color: 'common.white',
                      bgcolor: COLORS[record ? record.type : 'pendiente'],
                      fontSize: { xs: 9, sm: 11 },
                      lineHeight: 1.6,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {label}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }} aria-label="Resumen del mes">
          {(['falta', 'permiso', 'vacacion', 'incapacidad'] as const).map((t) => (
            <Chip
              key={t}
              size="small"
              label={`${ATTENDANCE_TYPE_LABELS[t]}: ${counts[t] ?? 0}`}
              sx={{ bgcolor: COLORS[t], color: 'common.white' }}
            />
          ))}
          <Chip
            size="small"
            label={`Solicitudes pendientes: ${pending.length}`}
            sx={{ bgcolor: COLORS.pendiente, color: 'common.white' }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
