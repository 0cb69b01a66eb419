import { whatsappGroupSchema, whatsappLeaveAllSchema, type WhatsAppCreateGroup, z } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

const base = (instance: string) => `/api/whatsapp/instances/${encodeURIComponent(instance)}/groups`;

/** GET …/groups ('Obtener Grupos'): the instance's groups with their participants. */
export async function fetchGroups(instance: string) {
  const data = await api.get<unknown>(base(instance), { silent: true });
  return readResponse(z.array(whatsappGroupSchema), data, 'los grupos');
}

export function useFetchGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchGroups,
    onSuccess: (groups, instance) => queryClient.setQueryData(whatsappKeys.groups(instance), groups),
  });
}

/** POST …/groups ('Crear Grupo'). */
export async function createGroup(input: { instance: string } & WhatsAppCreateGroup) {
  const { instance, ...body } = input;
  const data = await api.post<unknown>(base(instance), body, { silent: true });
  return readResponse(whatsappGroupSchema, data, 'el grupo creado');
}

export function useCreateGroup() {
  return useMutation({ mutationFn: createGroup });
}

/** DELETE …/groups ('Eliminar Todos'): leaves every group, one result per group. */
export async function leaveAllGroups(instance: string) {
  const data = await api.delete<unknown>(base(instance), { silent: true });
  return readResponse(whatsappLeaveAllSchema, data, 'la eliminación de grupos');
}

export function useLeaveAllGroups() {
  return useMutation({ mutationFn: leaveAllGroups });
}
