import { businessSettingsInputSchema, type BusinessSettings, type BusinessSettingsInput } from '@airlink/domain';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { SaveBar } from '../../../components/ui/save-bar';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useBusinessSettings } from '../api/get-business-settings';
import { useUpdateBusinessSettings } from '../api/update-business-settings';
import { fieldResolver } from './field-resolver';

/** 'Red': the suspension address list a new router gets when it names none. */
export function NetworkTab() {
  const settings = useBusinessSettings();
  if (settings.isPending) return <CardSkeleton lines={3} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <NetworkForm settings={settings.data} />;
}

function NetworkForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<{ listaSuspension: string }, BusinessSettingsInput>({
    resolver: fieldResolver<{ listaSuspension: string }, BusinessSettingsInput>(businessSettingsInputSchema, (v) => ({
      festivos: settings.festivos,
      diasHabiles: settings.diasHabiles,
      listaSuspension: v.listaSuspension,
    })),
    defaultValues: { listaSuspension: settings.listaSuspension },
  });
  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset({ listaSuspension: saved.listaSuspension });
    enqueueSnackbar('Lista de suspensión guardada', { variant: 'success' });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={save} aria-label="Red">
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography variant="body2" color="text.secondary">
            Al cortar un servicio, la IP del cliente entra en esta address list del router. Un router nuevo sin lista
            propia recibe esta; los routers ya guardados conservan la suya.
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextFormField
            control={form.control}
            name="listaSuspension"
            label="Lista de suspensión por omisión"
            required
            fullWidth
            helperText="Letras, números, punto, guion o guion bajo (p. ej. airlink-cortados)."
          />
          <SaveBar pending={update.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}
