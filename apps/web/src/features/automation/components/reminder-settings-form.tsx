import {
  bankAccountText,
  REMINDER_PLACEHOLDERS,
  reminderSettingsInputSchema,
  unknownPlaceholders,
  type ReminderSettings,
  type ReminderSettingsInput,
} from '@airlink/domain';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toast';
import { useWatch } from 'react-hook-form';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { SaveBar } from '../../../components/ui/save-bar';
import { SelectFormField, TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCompany } from '../../company';
import { useInstanceOptions } from '../../whatsapp';
import { automationKeys } from '../api/automation-query-keys';
import { previewReminder, useReminderSettings, useUpdateReminderSettings } from '../api/reminder-settings';

/** The form's values: the days are typed as text and read as a whole number. */
export interface ReminderFormValues {
  activo: boolean;
  diasAntes: string;
  plantilla: string;
  datosCuenta: string;
  instancia: string;
}

/** Turns the form's values into the payload the domain's schema reads ('' and '2,5' stay invalid). */
export function reminderInput(v: ReminderFormValues): Record<string, unknown> {
  const days = v.diasAntes.trim();
  return {
    activo: v.activo,
    diasAntes: /^\d+$/.test(days) ? Number(days) : days === '' ? undefined : Number.NaN,
    plantilla: v.plantilla,
    datosCuenta: v.datosCuenta,
    instancia: v.instancia,
  };
}

function toValues(s: ReminderSettings): ReminderFormValues {
  return { ...s, diasAntes: String(s.diasAntes) };
}

/** 'Recordatorios de pago': on/off, days before the cut-off date, the sender instance and the template. */
export function ReminderSettingsCard() {
  const settings = useReminderSettings();
  if (settings.isPending) return <CardSkeleton lines={6} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <ReminderForm settings={settings.data} />;
}

function ReminderForm({ settings }: { settings: ReminderSettings }) {
  const update = useUpdateReminderSettings();
  const instances = useInstanceOptions(settings.instancia);
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<ReminderFormValues, ReminderSettingsInput>({
    resolver: shapedResolver<ReminderFormValues, ReminderSettingsInput>(reminderSettingsInputSchema, reminderInput),
    defaultValues: toValues(settings),
  });
  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset(toValues(saved));
    enqueueSnackbar('Recordatorios guardados', { variant: 'success' });
  });
  const [plantilla, datosCuenta] = useWatch({ control: form.control, name: ['plantilla', 'datosCuenta'] });
  const company = useCompany();
  const accounts = company.data?.cuentasBancarias.filter((a) => bankAccountText(a) !== '') ?? [];
  const insert = (name: string) =>
    form.setValue('plantilla', `${form.getValues('plantilla')}{${name}}`, { shouldDirty: true, shouldValidate: true });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={save} aria-label="Recordatorios de pago">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Configuración
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Se envía un recordatorio por contrato y periodo, los días antes de su fecha de corte, solo de 09:00 a 20:00.
            Si WhatsApp no responde, queda en cola y se envía después, en horario.
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <ToggleFormField control={form.control} name="activo" label="Recordatorios activos" />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <TextFormField
              control={form.control}
              name="diasAntes"
              label="Días antes del corte"
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              helperText="De 0 a 15 días naturales"
            />
            <SelectFormField
              control={form.control}
              name="instancia"
              label="Enviar desde"
              options={instances.options}
              emptyOption="Elige la instancia"
              fullWidth
              helperText={instances.isError ? 'No se pudo leer el directorio de WhatsApp' : 'Instancia de Cobranza'}
            />
          </Box>
          <TextFormField
            control={form.control}
            name="datosCuenta"
            label="Datos de la cuenta ({cuenta})"
            fullWidth
            helperText="Banco, cuenta o CLABE y a nombre de quién"
          />
          {accounts.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: -1 }}>
              <Typography variant="body2" color="text.secondary">
                Cuentas de la empresa:
              </Typography>
              {accounts.map((a, i) => (
                <Chip
                  key={i}
                  size="small"
                  variant="outlined"
                  label={`${a.banco || 'Cuenta'}${a.clabe ? ` …${a.clabe.slice(-4)}` : ''}`}
                  title={bankAccountText(a)}
                  aria-label={`Usar ${bankAccountText(a)}`}
                  onClick={() =>
                    form.setValue('datosCuenta', bankAccountText(a), { shouldDirty: true, shouldValidate: true })
                  }
                />
              ))}
            </Box>
          )}
          <TextFormField
            control={form.control}
            name="plantilla"
            label="Mensaje"
            required
            fullWidth
            multiline
            minRows={3}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Marcadores:
            </Typography>
            {Object.entries(REMINDER_PLACEHOLDERS).map(([name, meaning]) => (
              <Chip key={name} label={`{${name}}`} title={meaning} size="small" onClick={() => insert(name)} />
            ))}
          </Box>
          <TemplatePreview plantilla={plantilla} datosCuenta={datosCuenta} />
          <SaveBar pending={update.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}

/** The message as a customer would read it (a sample contract), asked of the server as the text settles. */
function TemplatePreview({ plantilla, datosCuenta }: { plantilla: string; datosCuenta: string }) {
  const settled = useDebouncedValue({ plantilla: plantilla.trim(), datosCuenta: datosCuenta.trim() }, 500);
  const valid = settled.plantilla !== '' && unknownPlaceholders(settled.plantilla).length === 0;
  const preview = useQuery({
    queryKey: [...automationKeys.reminderSettings(), 'preview', settled],
    queryFn: () => previewReminder(settled.plantilla, settled.datosCuenta),
    enabled: valid,
  });
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        Vista previa (contrato de ejemplo)
      </Typography>
      <Paper
        variant="outlined"
        aria-label="Vista previa del mensaje"
        sx={{ p: 1.5, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: 48 }}
      >
        <Typography variant="body2" color={valid ? 'text.primary' : 'text.secondary'}>
          {!valid
            ? 'Corrige el mensaje para ver la vista previa.'
            : preview.isError
              ? 'No se pudo generar la vista previa.'
              : (preview.data ?? 'Generando…')}
        </Typography>
      </Paper>
    </Box>
  );
}
