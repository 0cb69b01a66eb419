import { type User, type UserUpdate } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readUser } from './read-user';
import { usersKeys } from './users-query-keys';

export interface UpdateUserVars {
  id: number;
  changes: UserUpdate;
}

/**
 * PUT /api/usuarios/{id} (level 20). `activo: false` ends that user's sessions at once;
 * a user cannot deactivate or lower themself (409).
 */
export async function updateUser({ id, changes }: UpdateUserVars): Promise<User> {
  // The dialogs show every failure in place, so the global error toast stays quiet.
  return readUser(await api.put<unknown>(`/api/usuarios/${id}`, changes, { silent: true }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData<User[]>(usersKeys.list(), (list) => list?.map((u) => (u.id === user.id ? user : u)));
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
