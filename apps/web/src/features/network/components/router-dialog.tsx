import {
  routerNeedsPasswordAgain,
  PROVISIONING_MODE_LABELS,
  PROVISIONING_MODES,
  routerInputSchema,
  type Router,
  type RouterInput,
  type ProvisioningMode,
} from '@airlink/domain';
import { Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectFormField, TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useSites } from '../api/list-sites';
import { useSaveRouter } from '../api/save-router';
import { numberOrNull, numberText } from '../../../components/ui/form-numbers';
import { passwordAgainError, passwordHint } from './password-hint';

interface FormValues {
  siteId: number | null;
  host: string;
  port: string;
  tls: boolean;
  username: string;
  password: string;
  listaSuspension: string;
  interfazTrafico: string;
  modoAprovisionamiento: ProvisioningMode;
  hostname: string;
  ip: string;
  latitude: string;
  longitude: string;
  database: string;
  table: string;
  column: string;
  value: string;
  additionalInfo: string;
  additionalInfo2: string;
  additionalInfo3: string;
  activo: boolean;
}

function valuesOf(r: Router | null): FormValues {
  return {
    siteId: r?.siteId ?? null,
    host: r?.host ?? '',
    port: numberText(r?.port),
    tls: r?.tls ?? false,
    username: r?.username ?? '',
    password: '',
    listaSuspension: r?.listaSuspension ?? '',
    interfazTrafico: r?.interfazTrafico ?? '',
    modoAprovisionamiento: r?.modoAprovisionamiento ?? 'ninguno',
    hostname: r?.hostname ?? '',
    ip: r?.ip ?? '',
    latitude: numberText(r?.latitude),
    longitude: numberText(r?.longitude),
    database: r?.database ?? '',
    table: r?.table ?? '',
    column: r?.column ?? '',
    value: r?.value ?? '',
    additionalInfo: r?.additionalInfo ?? '',
    additionalInfo2: r?.additionalInfo2 ?? '',
    additionalInfo3: r?.additionalInfo3 ?? '',
    activo: r?.activo ?? true,
  };
}

const resolver = shapedResolver<FormValues, RouterInput>(routerInputSchema, (v) => ({
  ...v,
  port: numberOrNull(v.port) ?? undefined,
  latitude: numberOrNull(v.latitude),
  longitude: numberOrNull(v.longitude),
}));

/** What each mode does to a contract on this router (docs/network.md "Plans on the router"). */
const MODE_HINTS: Record<ProvisioningMode, string> = {
  pppoe: 'AirLink crea el usuario PPPoE de cada cliente con el perfil de su plan.',
  cola: 'AirLink crea una cola simple por IP de cliente con la velocidad de su plan.',
  ninguno: 'AirLink solo corta y reconecta; las velocidades se configuran a mano en el router.',
};

export interface RouterDialogProps {
  /** null: a new router. */
  router: Router | null;
  onClose: () => void;
}

/** 'Agregar router' / 'Editar router': the spec's fields plus the RouterOS API access (host, port, TLS). */
export function RouterDialog({ router, onClose }: RouterDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saveRouter = useSaveRouter();
  const sites = useSites();
  const { form, formError, submit } = useFormKit<FormValues, RouterInput>({
    resolver,
    defaultValues: valuesOf(router),
  });
  const { control } = form;
  const [tls, host, port, mode] = form.watch(['tls', 'host', 'port', 'modoAprovisionamiento']);
  // A stored password never goes to another host, port or TLS mode by itself: the server asks for it again.
  const typedPort = numberOrNull(port);
  const addressChanged =
    router !== null &&
    routerNeedsPasswordAgain(
      { host: router.host, port: router.port, tls: router.tls, tienePassword: router.tienePassword },
      { host, port: typeof typedPort === 'number' ? typedPort : undefined, tls, password: '' },
    );

  const save = async (input: RouterInput) => {
    if (addressChanged && input.password === '') {
      form.setError('password', { message: passwordAgainError('address') }, { shouldFocus: true });
      return;
    }
    await saveRouter.mutateAsync({ id: router?.id, input });
    enqueueSnackbar(router ? 'Router guardado' : 'Router agregado', { variant: 'success' });
    onClose();
  };

  const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;
  return (
    <FormDialog
      open
      title={router ? `Editar router ${router.hostname || router.host}` : 'Agregar router'}
      onClose={onClose}
      onSubmit={submit(save)}
      submitText={router ? 'Guardar' : 'Agregar'}
      submitting={saveRouter.isPending}
      error={formError}
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="subtitle2" color="text.secondary">
          Conexión (API de RouterOS)
        </Typography>
        <Stack {...row}>
          <TextFormField control={control} name="host" label="Host" required autoFocus fullWidth />
          <TextFormField
            control={control}
            name="port"
            label="Puerto"
            inputMode="numeric"
            placeholder={tls ? '8729' : '8728'}
            helperText={`Vacío: ${tls ? '8729' : '8728'}.`}
            sx={{ minWidth: 120 }}
          />
        </Stack>
        <ToggleFormField control={control} name="tls" label="Usar TLS (API-SSL)" />
        <Stack {...row}>
          <TextFormField control={control} name="username" label="Usuario" required autoComplete="off" fullWidth />
          <TextFormField
            control={control}
            name="password"
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            fullWidth
            required={addressChanged}
            helperText={passwordHint(
              router !== null,
              router?.tienePassword ?? false,
              addressChanged ? 'address' : null,
            )}
          />
        </Stack>
        <Stack {...row}>
          <TextFormField
            control={control}
            name="listaSuspension"
            label="Lista de suspensión"
            fullWidth
            helperText="Lista de direcciones (address list) de los clientes cortados; vacía, la de Administración (Red)."
          />
          <TextFormField
            control={control}
            name="interfazTrafico"
            label="Interfaz de tráfico"
            fullWidth
            helperText="Interfaz WAN que se mide (p. ej. ether1)."
          />
        </Stack>
        <SelectFormField
          control={control}
          name="modoAprovisionamiento"
          label="Modo de aprovisionamiento"
          options={PROVISIONING_MODES.map((m) => ({ value: m, label: PROVISIONING_MODE_LABELS[m] }))}
          helperText={MODE_HINTS[mode]}
          fullWidth
        />
        <Typography variant="subtitle2" color="text.secondary">
          Datos del router
        </Typography>
        <SelectFormField
          control={control}
          name="siteId"
          label="Site"
          options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.nombre }))}
          emptyOption={<em>Sin site</em>}
          invalid={sites.isError}
          helperText={sites.isError ? 'No se pudieron cargar los sites.' : undefined}
          fullWidth
        />
        <Stack {...row}>
          <TextFormField control={control} name="hostname" label="Nombre" fullWidth />
          <TextFormField control={control} name="ip" label="IP" fullWidth />
        </Stack>
        <Stack {...row}>
          <TextFormField control={control} name="latitude" label="Latitud" inputMode="decimal" fullWidth />
          <TextFormField control={control} name="longitude" label="Longitud" inputMode="decimal" fullWidth />
        </Stack>
        <Stack {...row}>
          <TextFormField control={control} name="database" label="Base de datos" fullWidth />
          <TextFormField control={control} name="table" label="Tabla" fullWidth />
        </Stack>
        <Stack {...row}>
          <TextFormField control={control} name="column" label="Columna" fullWidth />
          <TextFormField control={control} name="value" label="Valor" fullWidth />
        </Stack>
        <TextFormField control={control} name="additionalInfo" label="Información adicional" fullWidth />
        <TextFormField control={control} name="additionalInfo2" label="Información adicional 2" fullWidth />
        <TextFormField control={control} name="additionalInfo3" label="Información adicional 3" fullWidth />
        <ToggleFormField control={control} name="activo" label="Activo (se sondea y se usa para cortes)" />
      </Stack>
    </FormDialog>
  );
}
