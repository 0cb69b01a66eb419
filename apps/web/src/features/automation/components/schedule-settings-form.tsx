import {
  AUTOMATION_MODES,
  automationSettingsInputSchema,
  type AutomationSettings,
  type AutomationSettingsInput,
} from '@airlink/domain';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { SaveBar } from '../../../components/ui/save-bar';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectFormField, TextFormField, TimeFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useAutomationSettings } from '../api/get-automation-settings';
import { useUpdateAutomationSettings } from '../api/update-automation-settings';
import { MODE_LABELS } from './automation-labels';

/** The form's values: the share limit is typed as text and read as a whole number. */
export interface ScheduleFormValues {
  activo: boolean;
  hora: string;
  modo: AutomationSettings['modo'];
  limitePorcentaje: string;
}

/** Turns the form's values into the payload the domain's schema reads ('' and '12,5' stay invalid). */
export function scheduleInput(v: ScheduleFormValues): Record<string, unknown> {
  const text = v.limitePorcentaje.trim();
  return {
    activo: v.activo,
    hora: v.hora,
    modo: v.modo,
    limitePorcentaje: /^\d+$/.test(text) ? Number(text) : text === '' ? undefined : Number.NaN,
  };
}

const MODE_OPTIONS = AUTOMATION_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }));

/** 'Programa': on/off, time of day, approval or automatic mode and the share limit of one run. */
export function ScheduleSettings() {
  const settings = useAutomationSettings();
  if (settings.isPending) return <CardSkeleton lines={4} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <ScheduleForm settings={settings.data} />;
}

function toValues(s: AutomationSettings): ScheduleFormValues {
  return { activo: s.activo, hora: s.hora, modo: s.modo, limitePorcentaje: String(s.limitePorcentaje) };
}

function ScheduleForm({ settings }: { settings: AutomationSettings }) {
  const update = useUpdateAutomationSettings();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<ScheduleFormValues, AutomationSettingsInput>({
    resolver: shapedResolver<ScheduleFormValues, AutomationSettingsInput>(automationSettingsInputSchema, scheduleInput),
    defaultValues: toValues(settings),
  });
  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset(toValues(saved));
    enqueueSnackbar('Programa de cortes guardado', { variant: 'success' });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={save} aria-label="Programa de cortes">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Programa
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Los días hábiles, a la hora indicada, se cortan los contratos cuya fecha de corte (pagado hasta + 3 días
            hábiles) ya pasó. Nunca en fin de semana ni en días festivos.
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <ToggleFormField control={form.control} name="activo" label="Programa activo" />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <TimeFormField
              control={form.control}
              name="hora"
              label="Hora de los cortes"
              required
              fullWidth
              helperText="Hora del negocio (24 h)"
            />
            <SelectFormField
              control={form.control}
              name="modo"
              label="Modo"
              options={MODE_OPTIONS}
              fullWidth
              helperText="Con aprobación: alguien aprueba cada lista"
            />
            <TextFormField
              control={form.control}
              name="limitePorcentaje"
              label="Límite por ejecución (%)"
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              helperText="Más de este porcentaje pide confirmación"
            />
          </Box>
          <SaveBar pending={update.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}
