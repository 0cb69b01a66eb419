import { logEntrySchema, type LogEntry } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

export interface CreateLogEntryVars {
  /** Contract id. */
  idCliente: number;
  /** Display id (the spec sends it; the server uses the contract). */
  idcliente: string;
  log1: string;
}

/** POST /api/registros (any level): a free-text entry in the customer's Registro. */
export async function createLogEntry(body: CreateLogEntryVars): Promise<LogEntry> {
  return readResponse(
    logEntrySchema,
    await api.post<unknown>('/api/registros', body, { silent: true }),
    'con el registro',
  );
}

export function useCreateLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLogEntry,
    onSuccess: (_entry, vars) => queryClient.invalidateQueries({ queryKey: customersKeys.logs(vars.idCliente) }),
  });
}
