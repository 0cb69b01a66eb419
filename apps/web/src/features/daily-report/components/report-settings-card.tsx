import {
  dailyReportSettingsInputSchema,
  type DailyReportSettings,
  type DailyReportSettingsInput,
} from '@airlink/domain';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import type { z } from 'zod';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { DateText, dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectFormField, TextFormField, TimeFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { SaveBar } from '../../../components/ui/save-bar';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { useInstanceOptions } from '../../whatsapp';
import {
  useDailyReportSends,
  useDailyReportSettings,
  useSendDailyReport,
  useUpdateDailyReportSettings,
} from '../api/daily-report';

/** 'Envío diario': on/off, the owner's WhatsApp, the time and the sender; 'Enviar ahora' and the last sends. */
export function ReportSettingsCard() {
  const settings = useDailyReportSettings();
  if (settings.isPending) return <CardSkeleton lines={5} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

const SEND_STATES = {
  enviando: { text: 'Enviando', color: 'info' },
  enviado: { text: 'Enviado', color: 'success' },
  fallido: { text: 'Falló', color: 'error' },
} as const;

function SettingsForm({ settings }: { settings: DailyReportSettings }) {
  const update = useUpdateDailyReportSettings();
  const send = useSendDailyReport();
  const sends = useDailyReportSends();
  const instances = useInstanceOptions(settings.instancia);
  const { enqueueSnackbar } = useSnackbar();
  const [sendError, setSendError] = useState<string | null>(null);
  const { form, formError, submit } = useFormKit<
    DailyReportSettingsInput,
    z.output<typeof dailyReportSettingsInputSchema>
  >({
    schema: dailyReportSettingsInputSchema,
    defaultValues: settings,
  });
  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset(saved);
    enqueueSnackbar('Envío diario guardado', { variant: 'success' });
  });
  const sendNow = async () => {
    setSendError(null);
    try {
      await send.mutateAsync();
      enqueueSnackbar('Reporte enviado al WhatsApp del dueño', { variant: 'success' });
    } catch (e) {
      setSendError(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo enviar el reporte.');
    }
  };
  const last = sends.data?.slice(0, 5) ?? [];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={save} aria-label="Envío diario">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Envío diario por WhatsApp
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <ToggleFormField control={form.control} name="activo" label="Enviar el reporte cada día" />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            <TextFormField
              control={form.control}
              name="telefono"
              label="WhatsApp del dueño"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              helperText="10 dígitos o con lada de país"
            />
            <TimeFormField
              control={form.control}
              name="hora"
              label="Hora del envío"
              required
              fullWidth
              helperText="Hora del negocio (24 h)"
            />
            <SelectFormField
              control={form.control}
              name="instancia"
              label="Enviar desde"
              options={instances.options}
              emptyOption="Elige la instancia"
              fullWidth
              helperText="Instancia de WhatsApp"
            />
          </Box>
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}
          >
            <Button
              variant="outlined"
              startIcon={<SendIcon />}
              onClick={() => void sendNow()}
              disabled={send.isPending}
            >
              Enviar ahora
            </Button>
            <SaveBar pending={update.isPending} />
          </Box>
          {sendError && <Alert severity="error">{sendError}</Alert>}
          {last.length > 0 && (
            <Stack spacing={0.5} aria-label="Últimos envíos">
              <Typography variant="subtitle2">Últimos envíos</Typography>
              {last.map((s) => (
                <Box key={s.fecha} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2">{dayText(s.fecha)}</Typography>
                  <Chip size="small" label={SEND_STATES[s.estado].text} color={SEND_STATES[s.estado].color} />
                  {s.enviado && (
                    <Typography variant="caption" color="text.secondary">
                      <DateText value={s.enviado} withTime />
                    </Typography>
                  )}
                  {s.error && (
                    <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
                      {s.error}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
