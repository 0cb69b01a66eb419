import { whatsappConnectSchema } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';

/** POST …/connect ('Conectar') or …/restart ('Reiniciar'): already open, or a QR / pairing code to scan. */
export async function connectInstance(input: { instance: string; action: 'connect' | 'restart' }) {
  const data = await api.post<unknown>(
    `/api/whatsapp/instances/${encodeURIComponent(input.instance)}/${input.action}`,
    {},
    { silent: true },
  );
  return readResponse(whatsappConnectSchema, data, 'la conexión de la instancia');
}

export function useConnectInstance() {
  return useMutation({ mutationFn: connectInstance });
}
