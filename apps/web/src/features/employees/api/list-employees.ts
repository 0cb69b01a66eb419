import { employeeSchema, pagedSchema, type EmployeeState } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { employeesKeys } from './employees-query-keys';

/** The query string of GET /api/empleados: the page, and the search and state only when used. */
export function employeeListSearch(page: number, pageSize: number, search: string, estado: EmployeeState | ''): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('search', search.trim());
  if (estado) q.set('estado', estado);
  return `?${q.toString()}`;
}

const pagedEmployees = pagedSchema(employeeSchema);

/** GET /api/empleados (level 20): employees by name, searched and filtered on the server. */
export async function fetchEmployees(search: string, signal?: AbortSignal) {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>(`/api/empleados${search}`, { signal, silent: true });
  return readResponse(pagedEmployees, data, 'la lista de empleados');
}

export function useEmployees(search: string) {
  return useQuery(
    queryOptions({
      queryKey: employeesKeys.list(search),
      queryFn: ({ signal }) => fetchEmployees(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
