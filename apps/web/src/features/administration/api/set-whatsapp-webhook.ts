import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@airlink/domain';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

const webhookAnswerSchema = z.object({ instance: z.string(), url: z.string(), events: z.array(z.string()) });

/**
 * POST /api/whatsapp/instances/{instance}/webhook (level 20): points the instance's Evolution webhook at AirLink
 * with a fresh random token, so its messages reach the inbox.
 */
async function setWhatsAppWebhook(instanceName: string) {
  return readResponse(
    webhookAnswerSchema,
    await api.post<unknown>(`/api/whatsapp/instances/${encodeURIComponent(instanceName)}/webhook`, undefined, {
      silent: true,
    }),
    'con el webhook',
  );
}

export function useSetWhatsAppWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWhatsAppWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administrationKeys.whatsappInstances() }),
  });
}
