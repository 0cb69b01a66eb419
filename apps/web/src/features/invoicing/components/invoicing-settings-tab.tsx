import { invoicingSettingsInputSchema, type InvoicingSettings, type InvoicingSettingsInput } from '@airlink/domain';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { SaveBar } from '../../../components/ui/save-bar';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useSnackbar } from '../../../lib/toast';
import { useInvoicingSettings, useSaveInvoicingSettings } from '../api/invoicing-api';

interface Values {
  activa: boolean;
  automatica: boolean;
  serie: string;
  serieGlobal: string;
  claveProducto: string;
  claveUnidad: string;
  codigoPostal: string;
  llave: string;
  /** 'Quitar la llave guardada': sends '' (the server removes it). */
  quitarLlave: boolean;
}

const valuesOf = (s: InvoicingSettings): Values => ({
  activa: s.activa,
  automatica: s.automatica,
  serie: s.serie,
  serieGlobal: s.serieGlobal,
  claveProducto: s.claveProducto,
  claveUnidad: s.claveUnidad,
  codigoPostal: s.codigoPostal,
  llave: '',
  quitarLlave: false,
});

/** The schema's Spanish messages under each field; a blank key is left out (it keeps the stored one). */
const resolver: Resolver<Values, unknown, InvoicingSettingsInput> = (v) => {
  const { llave, quitarLlave, ...rest } = v;
  const parsed = invoicingSettingsInputSchema.safeParse({
    ...rest,
    ...(llave.trim() ? { llave } : quitarLlave ? { llave: '' } : {}),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues)
    errors[String(issue.path[0] ?? 'root')] ??= { type: 'validation', message: issue.message };
  return { values: {}, errors: errors as FieldErrors<Values> };
};

/** Administración › Facturación (level 20; docs/invoicing.md): the PAC, the series and the SAT keys. */
export function InvoicingSettingsTab() {
  const settings = useInvoicingSettings();
  if (settings.isPending) return <CardSkeleton lines={6} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

function KeyState({ s, removing }: { s: InvoicingSettings; removing: boolean }) {
  if (s.llaveDeEntorno)
    return <Chip size="small" color="info" variant="outlined" label="Definida en el entorno (FACTURAPI_KEY)" />;
  if (removing) return <Chip size="small" color="warning" variant="outlined" label="Se quitará al guardar" />;
  return s.llaveConfigurada ? (
    <Chip size="small" color="success" variant="outlined" label="Configurada" />
  ) : (
    <Chip size="small" variant="outlined" label="Sin configurar" />
  );
}

function SettingsForm({ settings }: { settings: InvoicingSettings }) {
  const save = useSaveInvoicingSettings();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<Values, InvoicingSettingsInput>({
    resolver,
    defaultValues: valuesOf(settings),
  });
  const removing = useWatch({ control: form.control, name: 'quitarLlave' });
  const onSubmit = submit(async (input) => {
    const saved = await save.mutateAsync(input);
    form.reset(valuesOf(saved));
    enqueueSnackbar('Facturación guardada', { variant: 'success' });
  });
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  } as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Facturación">
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Typography variant="body2" color="text.secondary">
            Las facturas CFDI 4.0 se timbran con el PAC Facturapi. Con la facturación automática, cada pago de un
            contrato que factura se timbra solo después de registrarse; los demás pagos del mes van a la factura global.
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <ToggleFormField control={form.control} name="activa" label="Facturación activa" />
          <ToggleFormField
            control={form.control}
            name="automatica"
            label="Facturar automáticamente los pagos de contratos que facturan"
          />
          <Box sx={grid}>
            <TextFormField control={form.control} name="serie" label="Serie de las facturas" fullWidth />
            <TextFormField control={form.control} name="serieGlobal" label="Serie de la factura global" fullWidth />
            <TextFormField
              control={form.control}
              name="claveProducto"
              label="Clave de producto (SAT)"
              helperText="81112100: servicio de acceso a internet"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
            />
            <TextFormField
              control={form.control}
              name="claveUnidad"
              label="Clave de unidad (SAT)"
              helperText="E48: unidad de servicio"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 3 } }}
            />
            <TextFormField
              control={form.control}
              name="codigoPostal"
              label="Código postal fiscal de la empresa"
              helperText="Lugar de expedición; lo lleva la factura global"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
          </Box>
          <Stack spacing={0.75}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="subtitle2">Llave secreta del PAC</Typography>
              <KeyState s={settings} removing={removing} />
            </Stack>
            <TextFormField
              control={form.control}
              name="llave"
              label={settings.llaveConfigurada ? 'Nueva llave secreta' : 'Llave secreta'}
              type="password"
              autoComplete="new-password"
              fullWidth
              disabled={settings.llaveDeEntorno || removing}
              helperText="Solo escritura (sk_live_… del panel de Facturapi): déjala vacía para conservar la guardada."
            />
            {settings.llaveConfigurada && !settings.llaveDeEntorno && (
              <Button
                size="small"
                color={removing ? 'inherit' : 'warning'}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => form.setValue('quitarLlave', !removing, { shouldDirty: true })}
              >
                {removing ? 'Conservar la llave' : 'Quitar la llave guardada'}
              </Button>
            )}
          </Stack>
          <SaveBar pending={save.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}
