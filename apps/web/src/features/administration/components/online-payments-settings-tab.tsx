import {
  onlinePaymentSettingsInputSchema,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
} from '@airlink/domain';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { Control } from 'react-hook-form';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { SaveBar } from '../../../components/ui/save-bar';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useSnackbar } from '../../../lib/toast';
import { useOnlinePaymentSettings, useSaveOnlinePaymentSettings } from '../api/online-payment-settings';
import { fieldResolver } from './field-resolver';

interface Values {
  activo: boolean;
  publicKey: string;
  accessToken: string;
  webhookSecret: string;
  urlPortal: string;
}

const valuesOf = (s: OnlinePaymentSettings): Values => ({
  activo: s.activo,
  publicKey: s.publicKey,
  accessToken: '',
  webhookSecret: '',
  urlPortal: s.urlPortal,
});

/** 'Pagos en línea': Mercado Pago for the customers' portal (docs/business-rules.md "Paying online"). */
export function OnlinePaymentsSettingsTab() {
  const settings = useOnlinePaymentSettings();
  if (settings.isPending) return <CardSkeleton lines={5} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

/** Whether a sealed secret is set, and where from; its value is never shown. */
function SecretState({ stored, fromEnv, env }: { stored: boolean; fromEnv: boolean; env: string }) {
  if (fromEnv) return <Chip size="small" color="info" variant="outlined" label={`Definido en el entorno (${env})`} />;
  return stored ? (
    <Chip size="small" color="success" variant="outlined" label="Configurado" />
  ) : (
    <Chip size="small" variant="outlined" label="Sin configurar" />
  );
}

/** A sealed secret: whether it is set (never its value) and a password field to replace it. */
function SecretField({
  control,
  name,
  title,
  stored,
  fromEnv,
  env,
}: {
  control: Control<Values, unknown, OnlinePaymentSettingsInput>;
  name: 'accessToken' | 'webhookSecret';
  title: string;
  stored: boolean;
  fromEnv: boolean;
  env: string;
}) {
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{title}</Typography>
        <SecretState stored={stored} fromEnv={fromEnv} env={env} />
      </Stack>
      <TextFormField
        control={control}
        name={name}
        label={stored ? `Nuevo ${title.charAt(0).toLowerCase()}${title.slice(1)}` : title}
        type="password"
        autoComplete="new-password"
        fullWidth
        helperText="Solo escritura: déjalo vacío para conservar el guardado."
      />
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: OnlinePaymentSettings }) {
  const save = useSaveOnlinePaymentSettings();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<Values, OnlinePaymentSettingsInput>({
    resolver: fieldResolver<Values, OnlinePaymentSettingsInput>(onlinePaymentSettingsInputSchema, (v) => ({
      activo: v.activo,
      publicKey: v.publicKey,
      urlPortal: v.urlPortal,
      // Write-only: a blank field keeps what is stored.
      ...(v.accessToken.trim() ? { accessToken: v.accessToken } : {}),
      ...(v.webhookSecret.trim() ? { webhookSecret: v.webhookSecret } : {}),
    })),
    defaultValues: valuesOf(settings),
  });
  const onSubmit = submit(async (input) => {
    const saved = await save.mutateAsync(input);
    form.reset(valuesOf(saved));
    enqueueSnackbar('Pagos en línea guardados', { variant: 'success' });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Pagos en línea">
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Typography variant="body2" color="text.secondary">
            Los clientes pagan desde el portal con Mercado Pago (tarjeta, OXXO o SPEI). Un pago aprobado se registra
            solo en la cuenta Mercado Pago, con su recibo, y reconecta al cliente si estaba cortado.
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <ToggleFormField control={form.control} name="activo" label="Pago en línea activo en el portal" />
          <TextFormField
            control={form.control}
            name="publicKey"
            label="Clave pública (public key)"
            fullWidth
            autoComplete="off"
          />
          <SecretField
            control={form.control}
            name="accessToken"
            title="Access token"
            stored={settings.accessTokenGuardado}
            fromEnv={settings.accessTokenDelEntorno}
            env="MERCADOPAGO_ACCESS_TOKEN"
          />
          <SecretField
            control={form.control}
            name="webhookSecret"
            title="Secreto del webhook"
            stored={settings.webhookSecretGuardado}
            fromEnv={settings.webhookSecretDelEntorno}
            env="MERCADOPAGO_WEBHOOK_SECRET"
          />
          <TextFormField
            control={form.control}
            name="urlPortal"
            label="Dirección del portal de clientes"
            fullWidth
            placeholder="https://pagos.ejemplo.mx/portal"
            helperText="Se imprime en los recibos y en los recordatorios de pago (marcador {portal}) mientras el pago en línea está activo."
          />
          <SaveBar pending={save.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}
