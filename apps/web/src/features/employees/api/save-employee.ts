import { employeeSchema, type Employee, type EmployeeInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { employeesKeys } from './employees-query-keys';

export interface SaveEmployeeVars {
  /** Absent: a new employee (POST); present: that employee's edit (PUT). */
  id?: number;
  body: EmployeeInput;
}

/** POST /api/empleados or PUT /api/empleados/{id} (level 20); 409 `employee_taken` for an email in use. */
export async function saveEmployee({ id, body }: SaveEmployeeVars): Promise<Employee> {
  // The form shows every failure in place, so the global error toast stays quiet.
  const data =
    id === undefined
      ? await api.post<unknown>('/api/empleados', body, { silent: true })
      : await api.put<unknown>(`/api/empleados/${id}`, body, { silent: true });
  return readResponse(employeeSchema, data, 'el empleado');
}

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.lists() }),
  });
}
