import {
  API_KEY_DESCRIPTION_MAX,
  API_KEY_PROFILES,
  apiKeyCreateSchema,
  apiKeyUpdateSchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyUpdate,
  type ApiKeyWithSecret,
} from '@airlink/domain';
import { Stack } from '@mui/material';
import { useEffect } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import {
  DateTimeFormField,
  MultilineFormField,
  SelectFormField,
  TextFormField,
  ToggleFormField,
} from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { businessTz } from '../../../lib/business-time';
import { useCreateApiKey } from '../api/create-api-key';
import { useUpdateApiKey } from '../api/update-api-key';
import { createPayloadOf, formValuesOf, updatePayloadOf, type ApiKeyFormValues } from './api-key-form-values';

const PROFILE_OPTIONS = API_KEY_PROFILES.map((p) => ({ value: p.value, label: p.label }));

/** The catalogue's failure line above the form; the server's field errors go under their fields. */
function failureApplier(prefix: string) {
  return <T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) => {
    const rest = applyServerErrors(error, fields, setError);
    return rest ? `${prefix}: ${rest}` : prefix;
  };
}

export interface ApiKeyFormDialogProps {
  open: boolean;
  /** The key to edit, or null to create one. */
  apiKey: ApiKey | null;
  onClose: () => void;
  onCreated: (key: ApiKeyWithSecret) => void;
  onUpdated: (key: ApiKey) => void;
}

/** Create or edit a key (docs/business-rules.md "API keys"): name required, profile (default readonly), description, expiry. */
export function ApiKeyFormDialog({ open, apiKey, onClose, onCreated, onUpdated }: ApiKeyFormDialogProps) {
  const editing = apiKey !== null;
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const { form, formError, setFormError, submit } = useFormKit<ApiKeyFormValues, ApiKeyCreate | ApiKeyUpdate>({
    resolver: editing
      ? shapedResolver(apiKeyUpdateSchema, updatePayloadOf)
      : shapedResolver(apiKeyCreateSchema, createPayloadOf),
    defaultValues: formValuesOf(apiKey, businessTz()),
    applyErrors: failureApplier(editing ? 'Error al actualizar la API Key' : 'Error al crear la API Key'),
  });
  const { control, reset } = form;
  const name = useWatch({ control, name: 'name' });
  const neverExpires = useWatch({ control, name: 'neverExpires' });

  useEffect(() => {
    if (open) reset(formValuesOf(apiKey, businessTz()));
  }, [open, apiKey, reset]);

  const close = () => {
    setFormError(null);
    create.reset();
    update.reset();
    onClose();
  };

  const save = async (payload: ApiKeyCreate | ApiKeyUpdate) => {
    if (apiKey) onUpdated(await update.mutateAsync({ id: apiKey.id, changes: payload as ApiKeyUpdate }));
    else onCreated(await create.mutateAsync(payload as ApiKeyCreate));
    setFormError(null);
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Editar API Key' : 'Nueva API Key'}
      onClose={close}
      onSubmit={submit(save)}
      submitText={editing ? 'Guardar' : 'Crear'}
      submitting={create.isPending || update.isPending}
      submitDisabled={!name?.trim()}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField control={control} name="name" label="Nombre" required autoFocus autoComplete="off" fullWidth />
        <SelectFormField
          control={control}
          name="profile"
          label="Perfil"
          options={PROFILE_OPTIONS}
          fullWidth
          helperText="Qué puede hacer la llave: Solo Lectura consulta; Administrador actúa como nivel 20."
        />
        <MultilineFormField
          control={control}
          name="description"
          label="Descripción"
          minRows={2}
          fullWidth
          helperText={`Opcional, hasta ${API_KEY_DESCRIPTION_MAX} caracteres.`}
        />
        <ToggleFormField control={control} name="neverExpires" label="Nunca expira" />
        {!neverExpires && (
          <DateTimeFormField
            control={control}
            name="expiresAt"
            label="Fecha de expiración"
            required
            fullWidth
            helperText="Fecha y hora en que la llave deja de funcionar."
            withSeconds
          />
        )}
        {editing && <ToggleFormField control={control} name="isActive" label="Activa" />}
      </Stack>
    </FormDialog>
  );
}
