import {
  VACATION_STATUSES,
  VACATION_TYPES,
  vacationInputSchema,
  type Employee,
  type Vacation,
  type VacationFormValues,
  type VacationInput,
  type VacationStatus,
} from '@airlink/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
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
  Paper,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { businessDate } from '../../../lib/business-time';
import { dayText } from '../../../components/ui/date-text';
import { DateFormField, SelectFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useAddVacation, useDeleteVacation, useUpdateVacation, useVacations } from '../api/vacations';
import { EmployeeCounters } from './employee-counters';
import { RecordsSection } from './records-section';

const STATUS_LOOK: Record<VacationStatus, { label: string; color: 'success' | 'warning' | 'default' }> = {
  aprobado: { label: 'Aprobado', color: 'success' },
  pendiente: { label: 'Pendiente', color: 'warning' },
  rechazado: { label: 'Rechazado', color: 'default' },
};
const TYPE_LABEL = { vacaciones: 'Vacaciones', permiso: 'Permiso', incapacidad: 'Incapacidad' } as const;
const typeOptions = VACATION_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }));
const statusOptions = VACATION_STATUSES.map((s) => ({ value: s, label: STATUS_LOOK[s].label }));

export interface VacationsDialogProps {
  employee: Employee;
  onClose: () => void;
}

/**
 * The vacation view: request or record a period (start, end, type, status), approve or reject a pending
 * one, delete one. An approved 'Vacaciones' period spends its business days from the days left.
 */
export function VacationsDialog({ employee, onClose }: VacationsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const periods = useVacations(employee.id);
  const add = useAddVacation(employee.id);
  const update = useUpdateVacation(employee.id);
  const remove = useDeleteVacation(employee.id);
  const [actionError, setActionError] = useState<string | null>(null);
  const today = businessDate(new Date());
  const { form, formError, submit } = useFormKit<VacationFormValues, VacationInput>({
    schema: vacationInputSchema,
    defaultValues: { startDate: today, endDate: today, type: 'vacaciones', status: 'pendiente' },
  });
  const { control } = form;

  const save = async (body: VacationInput) => {
    await add.mutateAsync(body);
    enqueueSnackbar(body.status === 'aprobado' ? 'Periodo registrado y aprobado' : 'Solicitud registrada', {
      variant: 'success',
    });
    form.reset({ startDate: today, endDate: today, type: 'vacaciones', status: 'pendiente' });
  };

  const setStatus = (v: Vacation, status: VacationStatus) => {
    setActionError(null);
    update.mutate(
      { vid: v.id, changes: { status } },
      {
        onSuccess: () =>
          enqueueSnackbar(status === 'aprobado' ? 'Vacaciones aprobadas' : 'Solicitud rechazada', {
            variant: 'success',
          }),
        onError: (e) => setActionError(e.message),
      },
    );
  };

  const onDelete = (v: Vacation) => {
    setActionError(null);
    remove.mutate(v.id, {
      onSuccess: () => enqueueSnackbar('Periodo eliminado', { variant: 'success' }),
      onError: (e) => setActionError(e.message),
    });
  };

  const busy = update.isPending || remove.isPending;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="vacaciones-title">
      <DialogTitle id="vacaciones-title">
        Vacaciones de {employee.nombre} {employee.apellido}
      </DialogTitle>
      <DialogContent dividers>
        <EmployeeCounters employee={employee} />
        <Box component="form" noValidate onSubmit={submit(save)} sx={{ mt: 2 }} aria-label="Nuevo periodo">
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
              gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr 1fr auto' },
            }}
          >
            <DateFormField control={control} name="startDate" label="Inicio" required />
            <DateFormField control={control} name="endDate" label="Fin" required />
            <SelectFormField control={control} name="type" label="Tipo" options={typeOptions} />
            <SelectFormField control={control} name="status" label="Estado" options={statusOptions} />
            <Button
              type="submit"
              variant="contained"
              disabled={add.isPending}
              sx={{ mt: { md: 1 }, gridColumn: { xs: '1 / -1', md: 'auto' } }}
            >
              {add.isPending ? <CircularProgress size={22} color="inherit" /> : 'Agregar'}
            </Button>
          </Box>
        </Box>
        <RecordsSection
          title="Periodos"
          query={periods}
          loadError="No se pudieron cargar las vacaciones."
          emptyText="Sin periodos registrados."
          actionError={actionError}
          onDismissError={() => setActionError(null)}
        >
          {(rows) => (
            <Stack spacing={1} aria-label="Periodos de vacaciones" role="list">
              {rows.map((v) => (
                <Paper key={v.id} variant="outlined" sx={{ p: 1.5 }} role="listitem">
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                  >
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {dayText(v.startDate)} al {dayText(v.endDate)}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Chip size="small" label={TYPE_LABEL[v.type]} variant="outlined" />
                        <Chip size="small" label={STATUS_LOOK[v.status].label} color={STATUS_LOOK[v.status].color} />
                        <Typography variant="caption" color="text.secondary">
                          {v.diasHabiles} {v.diasHabiles === 1 ? 'día hábil' : 'días hábiles'}
                        </Typography>
                      </Stack>
                    </Box>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      {v.status !== 'aprobado' && (
                        <Button
                          size="small"
                          color="success"
                          startIcon={<CheckIcon />}
                          disabled={busy}
                          onClick={() => setStatus(v, 'aprobado')}
                        >
                          Aprobar
                        </Button>
                      )}
                      {v.status !== 'rechazado' && (
                        <Button
                          size="small"
                          color="inherit"
                          startIcon={<CloseIcon />}
                          disabled={busy}
                          onClick={() => setStatus(v, 'rechazado')}
                        >
                          Rechazar
                        </Button>
                      )}
                      <Tooltip title="Eliminar periodo">
                        <IconButton
                          aria-label={`Eliminar periodo del ${dayText(v.startDate)}`}
                          disabled={busy}
                          onClick={() => onDelete(v)}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </RecordsSection>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
