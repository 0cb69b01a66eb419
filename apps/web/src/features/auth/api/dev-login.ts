import { signInResponseSchema } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export type DevLoginResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/dev-login { email } → { token, user }; the session is stored on success. */
export async function devLogin(email: string): Promise<DevLoginResponse> {
  const data = await api.post<unknown>('/api/auth/dev-login', { email }, { allow401: true });
  const res = signInResponseSchema.parse(data);
  session.set(res.token, res.user);
  return res;
}

export function useDevLogin() {
  return useMutation({ mutationFn: devLogin });
}
