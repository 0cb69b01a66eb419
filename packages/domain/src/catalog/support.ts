/** Support priorities (docs/business-rules.md "Constants and limits"); 4 Baja is the default. */
export const SUPPORT_PRIORITIES = [
  { value: 4, label: 'Baja' },
  { value: 3, label: 'Normal' },
  { value: 2, label: 'Urgente' },
  { value: 1, label: 'Critico' },
] as const;
export const DEFAULT_SUPPORT_PRIORITY = 4;

export const SUPPORT_STATUSES = ['Abierto', 'En Progreso', 'Resuelto', 'Cerrado'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
