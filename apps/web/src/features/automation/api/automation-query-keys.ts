/** TanStack Query keys of the Cortes programados and Tareas pages. */
export const automationKeys = {
  all: ['automation'] as const,
  settings: () => [...automationKeys.all, 'settings'] as const,
  preview: () => [...automationKeys.all, 'preview'] as const,
  runs: () => [...automationKeys.all, 'runs'] as const,
  run: (id: number) => [...automationKeys.all, 'runs', id] as const,
  noCut: () => [...automationKeys.all, 'no-cut'] as const,
};

export const tasksKeys = {
  all: ['tasks'] as const,
  list: () => [...tasksKeys.all, 'list'] as const,
};
