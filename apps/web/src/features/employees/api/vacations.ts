import { vacationSchema, type Vacation, type VacationInput, type VacationUpdate, z } from '@airlink/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { employeesKeys } from './employees-query-keys';

const vacationList = z.array(vacationSchema);

/** GET /api/empleados/{id}/vacaciones: the employee's periods, newest first. */
export async function fetchVacations(id: number, signal?: AbortSignal): Promise<Vacation[]> {
  const data = await api.get<unknown>(`/api/empleados/${id}/vacaciones`, { signal, silent: true });
  return readResponse(vacationList, data, 'las vacaciones');
}

export function useVacations(id: number) {
  return useQuery(
    queryOptions({ queryKey: employeesKeys.vacations(id), queryFn: ({ signal }) => fetchVacations(id, signal) }),
  );
}

function useRefreshEmployee() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: employeesKeys.all });
}

/** POST /api/empleados/{id}/vacaciones: a request (pendiente) or an approved period. */
export function useAddVacation(id: number) {
  const refresh = useRefreshEmployee();
  return useMutation({
    mutationFn: async (body: VacationInput) =>
      readResponse(
        vacationSchema,
        await api.post<unknown>(`/api/empleados/${id}/vacaciones`, body, { silent: true }),
        'el periodo',
      ),
    onSuccess: refresh,
  });
}

/** PUT /api/empleados/{id}/vacaciones/{vid}: approve, reject or change a period. */
export function useUpdateVacation(id: number) {
  const refresh = useRefreshEmployee();
  return useMutation({
    mutationFn: async ({ vid, changes }: { vid: number; changes: VacationUpdate }) =>
      readResponse(
        vacationSchema,
        await api.put<unknown>(`/api/empleados/${id}/vacaciones/${vid}`, changes, { silent: true }),
        'el periodo',
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/empleados/{id}/vacaciones/{vid}: an approved period gives its days back. */
export function useDeleteVacation(id: number) {
  const refresh = useRefreshEmployee();
  return useMutation({
    mutationFn: (vid: number) => api.delete(`/api/empleados/${id}/vacaciones/${vid}`, { silent: true }),
    onSuccess: refresh,
  });
}
