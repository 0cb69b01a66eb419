import { useEffect, useId, useState } from 'react';
import { visitInputSchema, type VisitFormValues, type VisitInput } from '@airlink/domain';
import CloseIcon from '@mui/icons-material/Close';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toast';
import { Controller } from 'react-hook-form';
import { MultilineFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { agendaKeys } from '../api/agenda-query-keys';
import { useCreateVisit } from '../api/create-visit';
import { useNow } from '../../../lib/use-now';
import { fromWall, slotLabel } from '../visit-time';
import { VisitSlotPicker, type SlotNotice } from './visit-slot-picker';

/** Usual jobs, offered as suggestions (any other text is fine). */
export const VISIT_ACTIONS = [
  'Instalación',
  'Revisión de señal',
  'Cambio de equipo',
  'Reubicación de antena',
  'Retiro de equipo',
  'Cobranza',
];

const TEXT_FIELDS = ['accionRealizar', 'titulo', 'descripcion'] as const;

export interface VisitCustomer {
  id: number;
  nombre: string;
  telefono: string;
}

export interface VisitDialogProps {
  open: boolean;
  onClose: () => void;
  customer: VisitCustomer;
}

const emptyValues = (idCliente: number): VisitFormValues => ({
  idCliente,
  fechaEvento: '',
  accionRealizar: '',
  titulo: '',
  descripcion: '',
});

/** The server refused the time itself: the slot is taken, past or not a valid slot. */
export function isSlotRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'slot_taken' ||
      error.code === 'invalid_slot' ||
      error.status === 409 ||
      Object.keys(error.details ?? {}).some((k) => k.toLowerCase() === 'fechaevento'))
  );
}

/**
 * 'Agendar visita' from the customer panel. Step 1: a free 30-minute slot on the week calendar. Step 2:
 * action, title and description (POST /api/agenda). When the server refuses the slot (taken meanwhile, or
 * past), its message shows on the calendar and the typed text stays.
 */
export function VisitDialog({ open, onClose, customer }: VisitDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const create = useCreateVisit();
  const now = useNow(60_000); // past slots and the 'now' line
  const [step, setStep] = useState<'slot' | 'form'>('slot');
  const [chosen, setChosen] = useState<Date | null>(null);
  const [notice, setNotice] = useState<SlotNotice | null>(null);
  const { form, formError, setFormError } = useFormKit<VisitFormValues, VisitInput>({
    schema: visitInputSchema,
    defaultValues: emptyValues(customer.id),
  });
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = form;

  const customerId = customer.id;
  useEffect(() => {
    if (open) reset(emptyValues(customerId));
  }, [open, customerId, reset]);

  const close = () => {
    if (create.isPending) return;
    setStep('slot');
    setChosen(null);
    setNotice(null);
    setFormError(null);
    create.reset();
    onClose();
  };

  const choose = (wall: Date) => {
    setChosen(wall);
    setValue('fechaEvento', fromWall(wall).toISOString());
    setFormError(null);
    setStep('form');
  };

  const backToCalendar = () => {
    setFormError(null);
    setStep('slot');
  };

  const save = async (values: VisitInput) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      enqueueSnackbar(`Visita agendada: ${chosen ? slotLabel(chosen) : ''}`, { variant: 'success' });
      close();
    } catch (error) {
      if (isSlotRefusal(error)) {
        // Someone took the slot meanwhile (or it passed): back to the calendar, fresh, keeping the text.
        setNotice({ severity: 'error', text: error.message });
        setChosen(null);
        setValue('fechaEvento', '');
        setStep('slot');
        void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
        return;
      }
      if (error instanceof ApiError) {
        let placed = false;
        for (const [key, messages] of Object.entries(error.details ?? {})) {
          const field = TEXT_FIELDS.find((f) => f.toLowerCase() === key.toLowerCase());
          if (field && messages.length > 0) {
            setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !placed });
            placed = true;
          }
        }
        if (!placed) setFormError(error.message);
      } else {
        setFormError(error instanceof Error && error.message ? error.message : 'No se pudo agendar. Intenta de nuevo.');
      }
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth={step === 'slot' ? 'lg' : 'sm'}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Agendar visita
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {customer.nombre}
          {customer.telefono ? ` · Tel.\u00a0${customer.telefono}` : ''}
        </Typography>
        <IconButton
          aria-label="Cerrar"
          onClick={close}
          disabled={create.isPending}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box
        component="form"
        noValidate
        aria-label="Datos de la visita"
        onSubmit={(e) => {
          if (step !== 'form' || create.isPending) {
            e.preventDefault();
            return;
          }
          void handleSubmit(save)(e);
        }}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogContent dividers>
          <Stepper activeStep={step === 'slot' ? 0 : 1} sx={{ mb: 2.5 }}>
            <Step>
              <StepLabel>Horario</StepLabel>
            </Step>
            <Step>
              <StepLabel>Datos de la visita</StepLabel>
            </Step>
          </Stepper>

          {step === 'slot' ? (
            <VisitSlotPicker now={now} chosen={chosen} onChoose={choose} notice={notice} onNotice={setNotice} />
          ) : (
            <Stack spacing={2}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <Paper
                variant="outlined"
                sx={{
                  p: 1.5,
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  alignItems: 'center',
                  bgcolor: 'grey.50',
                }}
              >
                <EventAvailableOutlinedIcon color="success" aria-hidden />
                <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    Fecha y hora
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}
                  >
                    {chosen ? slotLabel(chosen) : '—'}
                  </Typography>
                </Box>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={backToCalendar}
                  sx={{ flexShrink: 0, ml: 'auto' }}
                >
                  Cambiar horario
                </Link>
              </Paper>
              <Controller
                control={control}
                name="accionRealizar"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    freeSolo
                    options={VISIT_ACTIONS}
                    inputValue={field.value ?? ''}
                    onInputChange={(_e, value) => field.onChange(value)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        name={field.name}
                        inputRef={field.ref}
                        onBlur={field.onBlur}
                        label="Acción a realizar"
                        required
                        autoFocus
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              />
              <TextFormField control={control} name="titulo" label="Título" required autoComplete="off" />
              <MultilineFormField
                control={control}
                name="descripcion"
                label="Descripción"
                placeholder="Dirección de referencia, equipo a llevar, a quién buscar…"
              />
              {errors.fechaEvento && <Alert severity="warning">{errors.fechaEvento.message}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {step === 'form' && (
            <Button onClick={backToCalendar} color="inherit" disabled={create.isPending} sx={{ mr: 'auto' }}>
              Atrás
            </Button>
          )}
          <Button onClick={close} color="inherit" disabled={create.isPending}>
            Cancelar
          </Button>
          {step === 'form' && (
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={
                create.isPending ? <CircularProgress size={16} color="inherit" aria-label="Guardando" /> : undefined
              }
            >
              Agendar visita
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
