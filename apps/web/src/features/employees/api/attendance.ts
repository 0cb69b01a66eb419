import { attendanceSchema, type Attendance, type AttendanceInput, z } from '@airlink/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { employeesKeys } from './employees-query-keys';

const attendanceList = z.array(attendanceSchema);

/** GET /api/empleados/{id}/asistencias, optionally between two dates (both included), newest first. */
export async function fetchAttendance(id: number, desde = '', hasta = '', signal?: AbortSignal): Promise<Attendance[]> {
  const q = new URLSearchParams();
  if (desde) q.set('desde', desde);
  if (hasta) q.set('hasta', hasta);
  const search = q.size ? `?${q.toString()}` : '';
  const data = await api.get<unknown>(`/api/empleados/${id}/asistencias${search}`, { signal, silent: true });
  return readResponse(attendanceList, data, 'las asistencias');
}

export function useAttendance(id: number, desde = '', hasta = '') {
  return useQuery(
    queryOptions({
      queryKey: employeesKeys.attendance(id, desde, hasta),
      queryFn: ({ signal }) => fetchAttendance(id, desde, hasta, signal),
    }),
  );
}

/** Everything of one employee and the lists (counters move with each record). */
function useRefreshEmployee() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: employeesKeys.all });
}

/** POST /api/empleados/{id}/asistencias: a falta adds to faltas, a vacacion to diasUsados. */
export function useAddAttendance(id: number) {
  const refresh = useRefreshEmployee();
  return useMutation({
    mutationFn: async (body: AttendanceInput) =>
      readResponse(
        attendanceSchema,
        await api.post<unknown>(`/api/empleados/${id}/asistencias`, body, { silent: true }),
        'el registro de asistencia',
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/empleados/{id}/asistencias/{aid}: reverses its counter. */
export function useDeleteAttendance(id: number) {
  const refresh = useRefreshEmployee();
  return useMutation({
    mutationFn: (attendanceId: number) =>
      api.delete(`/api/empleados/${id}/asistencias/${attendanceId}`, { silent: true }),
    onSuccess: refresh,
  });
}
