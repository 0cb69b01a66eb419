import { whatsappSentSchema } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

export type TestSend =
  | { instance: string; to: 'number'; number: string; text: string }
  | { instance: string; to: 'group'; groupJid: string; text: string };

/** POST …/send ('Enviar a Número') or …/groups/send ('Enviar a Grupo'); stored with the sender. */
export async function sendTestMessage(input: TestSend) {
  const path = `/api/whatsapp/instances/${encodeURIComponent(input.instance)}`;
  const data =
    input.to === 'number'
      ? await api.post<unknown>(`${path}/send`, { number: input.number, text: input.text }, { silent: true })
      : await api.post<unknown>(
          `${path}/groups/send`,
          { groupJid: input.groupJid, text: input.text },
          { silent: true },
        );
  return readResponse(whatsappSentSchema, data, 'el mensaje enviado');
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.conversations() }),
  });
}
