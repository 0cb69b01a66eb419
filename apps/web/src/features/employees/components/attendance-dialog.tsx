import {
  ATTENDANCE_TYPE_LABELS,
  ATTENDANCE_TYPES,
  attendanceInputSchema,
  type Attendance,
  type AttendanceFormValues,
  type AttendanceInput,
  type Employee,
} from '@airlink/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { businessDate } from '../../../lib/business-time';
import { dayText } from '../../../components/ui/date-text';
import { DateFormField, SelectFormField, TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useAddAttendance, useAttendance, useDeleteAttendance } from '../api/attendance';
import { EmployeeCounters } from './employee-counters';
import { RecordsSection } from './records-section';

const typeOptions = ATTENDANCE_TYPES.map((t) => ({ value: t, label: ATTENDANCE_TYPE_LABELS[t] }));
const TYPE_COLOR = { falta: 'error', permiso: 'default', vacacion: 'info', incapacidad: 'warning' } as const;

export interface AttendanceDialogProps {
  employee: Employee;
  onClose: () => void;
}

/** The attendance modal: record a falta, permiso, vacación or incapacidad (date and reason required), see and delete days. */
export function AttendanceDialog({ employee, onClose }: AttendanceDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const records = useAttendance(employee.id);
  const add = useAddAttendance(employee.id);
  const remove = useDeleteAttendance(employee.id);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { form, formError, submit } = useFormKit<AttendanceFormValues, AttendanceInput>({
    schema: attendanceInputSchema,
    defaultValues: { date: businessDate(new Date()), type: 'falta', reason: '', approved: false },
  });
  const { control } = form;

  const save = async (body: AttendanceInput) => {
    await add.mutateAsync(body);
    enqueueSnackbar('Asistencia registrada', { variant: 'success' });
    form.reset({ ...body, reason: '' });
  };

  const onDelete = (a: Attendance) => {
    setRemoveError(null);
    remove.mutate(a.id, {
      onSuccess: () => enqueueSnackbar('Registro eliminado', { variant: 'success' }),
      onError: (e) => setRemoveError(e.message),
    });
  };

  const fullName = `${employee.nombre} ${employee.apellido}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="asistencias-title">
      <DialogTitle id="asistencias-title">Asistencias de {fullName}</DialogTitle>
      <DialogContent dividers>
        <EmployeeCounters employee={employee} />
        <Box component="form" noValidate onSubmit={submit(save)} sx={{ mt: 2 }} aria-label="Registrar asistencia">
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', sm: '160px 170px 1fr' },
            }}
          >
            <DateFormField control={control} name="date" label="Fecha" required />
            <SelectFormField control={control} name="type" label="Tipo" required options={typeOptions} />
            <TextFormField control={control} name="reason" label="Motivo" required />
          </Box>
          <Stack direction="row" sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'center' }}>
            <ToggleFormField control={control} name="approved" label="Aprobado" />
            <Button type="submit" variant="contained" disabled={add.isPending}>
              {add.isPending ? <CircularProgress size={22} color="inherit" /> : 'Registrar'}
            </Button>
          </Stack>
        </Box>
        <RecordsSection
          title="Registros"
          query={records}
          loadError="No se pudieron cargar las asistencias."
          emptyText="Sin registros de asistencia."
          actionError={removeError}
          onDismissError={() => setRemoveError(null)}
        >
          {(rows) => (
            <List dense disablePadding aria-label="Registros de asistencia" sx={{ maxHeight: 320, overflow: 'auto' }}>
              {rows.map((a) => (
                <ListItem
                  key={a.id}
                  divider
                  secondaryAction={
                    <Tooltip title="Eliminar">
                      <IconButton
                        edge="end"
                        aria-label={`Eliminar ${ATTENDANCE_TYPE_LABELS[a.type]} del ${dayText(a.date)}`}
                        onClick={() => onDelete(a)}
                        disabled={remove.isPending}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{dayText(a.date)}</span>
                        <Chip size="small" label={ATTENDANCE_TYPE_LABELS[a.type]} color={TYPE_COLOR[a.type]} />
                        {a.approved && <Chip size="small" variant="outlined" label="Aprobado" />}
                      </Stack>
                    }
                    secondary={a.reason}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </RecordsSection>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
