import { deviceInputSchema, radioPasswordNeed, type Device, type DeviceInput, type Site } from '@airlink/domain';
import { Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import type { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useSaveDevice } from '../api/save-device';
import { passwordAgainError, passwordHint, type PasswordAgain } from './password-hint';

type FormValues = z.input<typeof deviceInputSchema>;

function valuesOf(d: Device | null): FormValues {
  return {
    hwaddr: d?.hwaddr ?? '',
    ipaddr: d?.ipaddr ?? '',
    hostname: d?.hostname ?? '',
    siteid: d?.siteid ?? null,
    product: d?.product ?? '',
    url: d?.urlPropia ? d.url : '',
    username: d?.username ?? '',
    password: '',
  };
}

export interface DeviceDialogProps {
  /** null: a new radio. */
  device: Device | null;
  sites: readonly Site[];
  onClose: () => void;
}

/** 'Agregar dispositivo' / 'Editar dispositivo': the MAC in any notation (the domain's schema normalises it). */
export function DeviceDialog({ device, sites, onClose }: DeviceDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saveDevice = useSaveDevice();
  const { form, formError, submit } = useFormKit<FormValues, DeviceInput>({
    schema: deviceInputSchema,
    defaultValues: valuesOf(device),
  });
  const { control } = form;
  const [url, ipaddr, siteid, username] = form.watch(['url', 'ipaddr', 'siteid', 'username']);
  // A stored password never goes to a new address by itself (the server's rule, told while editing): a radio
  // with its own password moved to another URL or IP needs it again; one on its site's password needs the site's.
  const need = radioPasswordNeed(
    device && {
      url: device.urlPropia ? device.url : '',
      ipaddr: device.ipaddr,
      siteid: device.siteid,
      username: device.username,
      ownPassword: device.tienePassword,
    },
    { url: url ?? '', ipaddr: ipaddr ?? '', siteid: siteid ?? null, username: (username ?? '').trim() },
    sites.find((s) => s.id === siteid)?.tienePassword ?? false,
  );
  const again: PasswordAgain = need === 'own' ? 'address' : need;

  const save = async (input: DeviceInput) => {
    if (again && input.password === '') {
      form.setError('password', { message: passwordAgainError(again) }, { shouldFocus: true });
      return;
    }
    await saveDevice.mutateAsync({ id: device?.id, input });
    enqueueSnackbar(device ? 'Dispositivo guardado' : 'Dispositivo agregado', { variant: 'success' });
    onClose();
  };

  const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;
  return (
    <FormDialog
      open
      title={device ? `Editar dispositivo ${device.hostname || device.hwaddr}` : 'Agregar dispositivo'}
      onClose={onClose}
      onSubmit={submit(save)}
      submitText={device ? 'Guardar' : 'Agregar'}
      submitting={saveDevice.isPending}
      error={formError}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField
          control={control}
          name="hwaddr"
          label="MAC"
          required
          autoFocus
          fullWidth
          helperText="En cualquier formato: AA:BB:CC:DD:EE:FF, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff."
        />
        <Stack {...row}>
          <TextFormField control={control} name="hostname" label="Nombre" fullWidth />
          <TextFormField control={control} name="ipaddr" label="IP" fullWidth />
        </Stack>
        <Stack {...row}>
          <SelectFormField
            control={control}
            name="siteid"
            label="Site"
            options={sites.map((s) => ({ value: s.id, label: s.nombre }))}
            emptyOption={<em>Sin site</em>}
            fullWidth
          />
          <TextFormField control={control} name="product" label="Producto" fullWidth />
        </Stack>
        <TextFormField
          control={control}
          name="url"
          label="URL de administración"
          fullWidth
          helperText="Vacía: https://{IP del radio}."
        />
        <Stack {...row}>
          <TextFormField
            control={control}
            name="username"
            label="Usuario"
            autoComplete="off"
            fullWidth
            helperText="Vacío: el usuario del site."
          />
          <TextFormField
            control={control}
            name="password"
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            fullWidth
            required={again !== null}
            helperText={passwordHint(device !== null, device?.tienePassword ?? false, again)}
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
