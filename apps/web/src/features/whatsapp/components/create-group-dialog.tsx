import { whatsappCreateGroupSchema, type WhatsAppCreateGroup, type WhatsAppGroup } from '@airlink/domain';
import { Stack } from '@mui/material';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MultilineFormField, TextFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useCreateGroup } from '../api/groups';

interface FormValues {
  subject: string;
  description: string;
  participants: string;
}

const resolver = shapedResolver<FormValues, WhatsAppCreateGroup>(whatsappCreateGroupSchema, (v) => ({
  subject: v.subject.trim(),
  participants: v.participants,
  ...(v.description.trim() ? { description: v.description } : {}),
}));

export interface CreateGroupDialogProps {
  instance: string;
  onClose: () => void;
  onCreated: (group: WhatsAppGroup) => void;
}

/** 'Crear Grupo': name (required), description, participants separated by commas (each normalised as a phone). */
export function CreateGroupDialog({ instance, onClose, onCreated }: CreateGroupDialogProps) {
  const createGroup = useCreateGroup();
  const { form, formError, submit } = useFormKit<FormValues, WhatsAppCreateGroup>({
    resolver,
    defaultValues: { subject: '', description: '', participants: '' },
  });
  const save = async (input: WhatsAppCreateGroup) => {
    const group = await createGroup.mutateAsync({ instance, ...input });
    onCreated(group);
  };
  return (
    <FormDialog
      open
      title="Crear grupo"
      onClose={onClose}
      onSubmit={submit(save)}
      submitText="Crear Grupo"
      submitting={createGroup.isPending}
      error={formError && `Error al crear el grupo: ${formError}`}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField control={form.control} name="subject" label="Nombre del grupo" required autoFocus fullWidth />
        <MultilineFormField control={form.control} name="description" label="Descripción" fullWidth />
        <TextFormField
          control={form.control}
          name="participants"
          label="Participantes"
          placeholder="7711234567, 7717654321"
          helperText="Números separados por coma; a 10 dígitos se les agrega el 52."
          required
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
