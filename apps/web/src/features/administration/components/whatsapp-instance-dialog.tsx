import { whatsappInstanceInputSchema, type WhatsAppInstance, type WhatsAppInstanceInput } from '@airlink/domain';
import { Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useSaveWhatsAppInstance } from '../api/save-whatsapp-instance';
import { fieldResolver } from './field-resolver';

interface InstanceFormValues {
  department: string;
  phone: string;
  instanceName: string;
  /** The instance's Evolution API server; '' when EVOLUTION_API_URL serves every instance. */
  baseUrl: string;
  /** Typed only to set or replace the key; empty keeps the stored one. */
  apiKey: string;
  removeKey: boolean;
}

/** The payload: an empty key is absent (keep the stored one) unless the person chose to remove it. */
function payloadOf(v: InstanceFormValues, editing: boolean): WhatsAppInstanceInput {
  const base = { department: v.department, phone: v.phone, instanceName: v.instanceName, baseUrl: v.baseUrl };
  if (editing && v.removeKey) return { ...base, apiKey: '' };
  return v.apiKey.trim() === '' ? base : { ...base, apiKey: v.apiKey };
}

/** Adds a department (`instance` null) or edits one; the API key is write-only. */
export function WhatsAppInstanceDialog({
  instance,
  onClose,
}: {
  instance: WhatsAppInstance | null;
  onClose: () => void;
}) {
  const save = useSaveWhatsAppInstance();
  const { enqueueSnackbar } = useSnackbar();
  const editing = instance !== null;
  const { form, formError, submit } = useFormKit<InstanceFormValues, WhatsAppInstanceInput>({
    resolver: fieldResolver<InstanceFormValues, WhatsAppInstanceInput>(whatsappInstanceInputSchema, (v) =>
      payloadOf(v, editing),
    ),
    defaultValues: {
      department: instance?.department ?? '',
      phone: instance?.phone ?? '',
      instanceName: instance?.instanceName ?? '',
      baseUrl: instance?.baseUrl ?? '',
      apiKey: '',
      removeKey: false,
    },
  });
  const { control } = form;
  const removeKey = useWatch({ control, name: 'removeKey' });
  const baseUrl = useWatch({ control, name: 'baseUrl' });
  // A new server address needs the key again: the stored one is never sent to another server.
  const movesAddress = editing && baseUrl.trim() !== '' && baseUrl.trim() !== instance.baseUrl;

  const onSubmit = submit(async (input) => {
    const saved = await save.mutateAsync({ id: instance?.id ?? null, input });
    enqueueSnackbar(`Departamento ${saved.department} guardado`, { variant: 'success' });
    onClose();
  });

  const keyHint = !editing
    ? 'Se guarda cifrada y no se vuelve a mostrar.'
    : movesAddress
      ? 'Cambiaste el servidor: escribe la API Key de nuevo (la guardada no se envía a otro servidor).'
      : instance.hasKey
        ? 'Hay una API Key guardada: déjala vacía para conservarla o escribe otra para reemplazarla.'
        : 'No hay API Key guardada.';

  return (
    <FormDialog
      open
      title={editing ? 'Editar departamento' : 'Agregar departamento'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={formError}
    >
      <Stack spacing={2}>
        <TextFormField control={control} name="department" label="Departamento" required fullWidth autoFocus />
        <TextFormField control={control} name="phone" label="Teléfono" type="tel" required fullWidth />
        <TextFormField control={control} name="instanceName" label="Instancia" required fullWidth />
        <TextFormField
          control={control}
          name="baseUrl"
          label="Servidor de Evolution API"
          type="url"
          placeholder="https://evolution.ejemplo.mx"
          fullWidth
          helperText="Vacío si el servidor está configurado para todas las instancias (EVOLUTION_API_URL)."
        />
        <TextFormField
          control={control}
          name="apiKey"
          label="API Key"
          type="password"
          autoComplete="new-password"
          fullWidth
          disabled={removeKey && !movesAddress}
          required={movesAddress}
          helperText={keyHint}
        />
        {editing && instance.hasKey && (
          <ToggleFormField control={control} name="removeKey" label="Quitar la API Key guardada" variant="checkbox" />
        )}
      </Stack>
    </FormDialog>
  );
}
