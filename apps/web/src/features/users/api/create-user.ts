import { type User, type UserCreate } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readUser } from './read-user';
import { usersKeys } from './users-query-keys';

/** POST /api/usuarios (level 20): 201 with the new user; 409 `email_taken` when the email is in use. */
export async function createUser(body: UserCreate): Promise<User> {
  // The form shows every failure in place, so the global error toast stays quiet.
  return readUser(await api.post<unknown>('/api/usuarios', body, { silent: true }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      queryClient.setQueryData<User[]>(usersKeys.list(), (list) => (list ? [...list, user] : list));
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
