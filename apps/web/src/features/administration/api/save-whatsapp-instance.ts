import { whatsappInstanceSchema, type WhatsAppInstance, type WhatsAppInstanceInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

export interface SaveWhatsAppInstanceVars {
  /** null: a new department. */
  id: number | null;
  /** `apiKey` absent keeps the stored key, '' removes it (write-only: it is never read back). */
  input: WhatsAppInstanceInput;
}

/** POST /api/whatsapp/instances or PUT /api/whatsapp/instances/{id} (level 20). */
async function saveWhatsAppInstance({ id, input }: SaveWhatsAppInstanceVars): Promise<WhatsAppInstance> {
  const data =
    id === null
      ? await api.post<unknown>('/api/whatsapp/instances', input, { silent: true })
      : await api.put<unknown>(`/api/whatsapp/instances/${id}`, input, { silent: true });
  return readResponse(whatsappInstanceSchema, data, 'con el departamento');
}

export function useSaveWhatsAppInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsAppInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administrationKeys.whatsappInstances() }),
  });
}
