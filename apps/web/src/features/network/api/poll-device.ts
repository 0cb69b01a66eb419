import { radioCurrentStatsSchema, z } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

const pollAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), stats: radioCurrentStatsSchema }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
]);
export type PollAnswer = z.infer<typeof pollAnswerSchema>;

/**
 * POST /api/devices/{id}/poll (level 10): reads the radio now (within 10 s) and stores the reading; answers
 * the stats, or `ok: false` with the Spanish reason.
 */
export async function pollDevice(id: number): Promise<PollAnswer> {
  // The details view shows every failure in place, so the global error toast stays quiet.
  const data = await api.post<unknown>(`/api/devices/${id}/poll`, {}, { silent: true });
  return readResponse(pollAnswerSchema, data, 'la lectura del radio');
}

export function usePollDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pollDevice,
    // A failed read is stored too (last attempt and its reason): the list and the stats refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkKeys.devices() }),
  });
}
