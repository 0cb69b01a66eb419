import { accountSchema, type Account, type AccountUpdate } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { referenceKeys } from '../../../lib/reference-data';

export interface UpdateAccountVars {
  id: number;
  changes: AccountUpdate;
}

/** PUT /api/cuentas/{id} (level 20): name, active flag and order (the group of each id is fixed). */
async function updateAccount({ id, changes }: UpdateAccountVars): Promise<Account> {
  return readResponse(
    accountSchema,
    await api.put<unknown>(`/api/cuentas/${id}`, changes, { silent: true }),
    'con la cuenta',
  );
}

/** Saves an account; every list of accounts (payment dialog, Caja y Bancos, Gastos) reads the new one. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.accounts() }),
  });
}
