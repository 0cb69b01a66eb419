/** TanStack Query keys of the Cortes programados, Recordatorios de pago and Tareas pages. */
export const automationKeys = {
  all: ['automation'] as const,
  settings: () => [...automationKeys.all, 'settings'] as const,
  /** Without a date: every preview (invalidation); `null`: the next run day's; a date: that day's. */
  preview: (fecha?: string | null) =>
    fecha === undefined
      ? ([...automationKeys.all, 'preview'] as const)
      : ([...automationKeys.all, 'preview', fecha ?? 'next'] as const),
  runs: () => [...automationKeys.all, 'runs'] as const,
  liveRuns: () => [...automationKeys.all, 'runs', 'live'] as const,
  run: (id: number) => [...automationKeys.all, 'runs', id] as const,
  noCut: () => [...automationKeys.all, 'no-cut'] as const,
  reminderSettings: () => [...automationKeys.all, 'reminders', 'settings'] as const,
  reminders: () => [...automationKeys.all, 'reminders', 'list'] as const,
  reminderList: (params: object) => [...automationKeys.reminders(), params] as const,
};

export const tasksKeys = {
  all: ['tasks'] as const,
  list: () => [...tasksKeys.all, 'list'] as const,
};
