/** TanStack Query keys of the employees area. Everything under `all`, so one invalidation refreshes it all. */
export const employeesKeys = {
  all: ['employees'] as const,
  lists: () => [...employeesKeys.all, 'list'] as const,
  list: (search: string) => [...employeesKeys.lists(), search] as const,
  attendance: (id: number, desde = '', hasta = '') => [...employeesKeys.all, id, 'attendance', desde, hasta] as const,
  vacations: (id: number) => [...employeesKeys.all, id, 'vacations'] as const,
};
