import { siteInputSchema, type Site, type SiteInput } from '@airlink/domain';
import { Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useSaveSite } from '../api/save-site';
import { numberOrNull, numberText } from '../../../components/ui/form-numbers';
import { passwordHint } from './password-hint';

interface FormValues {
  nombre: string;
  url: string;
  lat: string;
  lon: string;
  idSite: string;
  username: string;
  password: string;
}

function valuesOf(site: Site | null): FormValues {
  return {
    nombre: site?.nombre ?? '',
    url: site?.url ?? '',
    lat: numberText(site?.lat),
    lon: numberText(site?.lon),
    idSite: site ? String(site.idSite) : '',
    username: site?.username ?? '',
    password: '',
  };
}

const resolver = shapedResolver<FormValues, SiteInput>(siteInputSchema, (v) => ({
  ...v,
  lat: numberOrNull(v.lat),
  lon: numberOrNull(v.lon),
  idSite: numberOrNull(v.idSite) ?? undefined,
}));

export interface SiteDialogProps {
  /** null: a new site. */
  site: Site | null;
  onClose: () => void;
}

/** 'Agregar site' / 'Editar site' (docs/api-contract.md "Network: sites, routers, radios, cut on the router"): the password is never shown; empty keeps it. */
export function SiteDialog({ site, onClose }: SiteDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saveSite = useSaveSite();
  const { form, formError, submit } = useFormKit<FormValues, SiteInput>({ resolver, defaultValues: valuesOf(site) });
  const { control } = form;

  const save = async (input: SiteInput) => {
    await saveSite.mutateAsync({ id: site?.id, input });
    enqueueSnackbar(site ? 'Site guardado' : 'Site agregado', { variant: 'success' });
    onClose();
  };

  return (
    <FormDialog
      open
      title={site ? `Editar site ${site.nombre}` : 'Agregar site'}
      onClose={onClose}
      onSubmit={submit(save)}
      submitText={site ? 'Guardar' : 'Agregar'}
      submitting={saveSite.isPending}
      error={formError}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField control={control} name="nombre" label="Nombre" required autoFocus fullWidth />
        <TextFormField control={control} name="url" label="URL" placeholder="https://" fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextFormField control={control} name="lat" label="Latitud" inputMode="decimal" fullWidth />
          <TextFormField control={control} name="lon" label="Longitud" inputMode="decimal" fullWidth />
          <TextFormField control={control} name="idSite" label="Id del site" inputMode="numeric" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextFormField
            control={control}
            name="username"
            label="Usuario"
            autoComplete="off"
            fullWidth
            helperText="Usuario de los radios del site."
          />
          <TextFormField
            control={control}
            name="password"
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            fullWidth
            helperText={passwordHint(site !== null, site?.tienePassword ?? false)}
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
