import type { AutomationRun, AutomationRunDetail, ReminderState, Task } from '@airlink/domain';
import { ApiError } from '../../../lib/api-client';

type ChipColor = 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info';

/** The Spanish name and chip colour of a run's state. */
export const RUN_STATE_LABELS: Record<AutomationRun['estado'], { text: string; color: ChipColor }> = {
  aprobada: { text: 'Aprobada', color: 'info' },
  en_curso: { text: 'En curso', color: 'warning' },
  terminada: { text: 'Terminada', color: 'success' },
  requiere_confirmacion: { text: 'Requiere confirmación', color: 'warning' },
  deshecha: { text: 'Deshecha', color: 'default' },
  cancelada: { text: 'Cancelada', color: 'default' },
};

type RunResult = AutomationRunDetail['resultados'][number]['resultado'];

/** The Spanish name and chip colour of one contract's result in a run. */
export const RESULT_LABELS: Record<RunResult, { text: string; color: ChipColor }> = {
  cortado: { text: 'Cortado', color: 'error' },
  error: { text: 'Error', color: 'warning' },
  pendiente: { text: 'Pendiente', color: 'info' },
  omitido: { text: 'Omitido', color: 'default' },
  reconectado: { text: 'Reconectado', color: 'success' },
};

export const MODE_LABELS: Record<AutomationRun['modo'], string> = {
  aprobacion: 'Con aprobación',
  automatico: 'Automático',
};

/** Only a finished run can be undone (the server answers 409 run_not_undoable otherwise). */
export function canUndo(run: Pick<AutomationRun, 'estado' | 'cortados'>): boolean {
  return run.estado === 'terminada' && run.cortados > 0;
}

/** The share guard's question: the server's own sentence ('Se cortarían N de M contratos activos…'). */
export function needsConfirmation(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'confirmation_required';
}

/** A failed action as one Spanish sentence: the server's message, or a fallback when it gave none. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'network' && !error.code.startsWith('http_')) return error.message;
  if (error instanceof ApiError && error.code === 'network') return 'No se pudo conectar con el servidor.';
  return fallback;
}

/** The one-line summary of a run: how many were cut, failed and skipped. */
export function runSummary(run: Pick<AutomationRun, 'cortados' | 'errores' | 'omitidos'>): string {
  const parts = [`${run.cortados} ${run.cortados === 1 ? 'cortado' : 'cortados'}`];
  if (run.errores > 0) parts.push(`${run.errores} con error`);
  if (run.omitidos > 0) parts.push(`${run.omitidos} ${run.omitidos === 1 ? 'omitido' : 'omitidos'}`);
  return parts.join(', ');
}

/** The Spanish name and chip colour of a payment reminder's state. */
export const REMINDER_STATE_LABELS: Record<ReminderState, { text: string; color: ChipColor }> = {
  pendiente: { text: 'En cola', color: 'info' },
  enviado: { text: 'Enviado', color: 'success' },
  fallido: { text: 'Fallido', color: 'error' },
  cancelado: { text: 'Cancelado', color: 'default' },
};

/** What 'Enviar ahora' did, in one sentence (the same line Tareas shows for a scheduled run). */
export { reminderRunText } from '@airlink/domain';

/** The Spanish names of the job runner's schedules; an unknown one shows its own name. */
const TASK_NAMES: Record<string, string> = {
  'cortes-programados': 'Cortes programados',
  'cortes-programados:ejecutar': 'Ejecutar cortes aprobados',
  'network.poll': 'Lectura de radios y routers',
  'network.rollup': 'Resumen de estadísticas de red',
  'network.reconcile': 'Conciliación de cortes en routers',
  'recordatorios-pago': 'Recordatorios de pago por WhatsApp',
  'reporte-diario': 'Reporte diario al dueño',
};

export function taskTitle(nombre: string): string {
  return TASK_NAMES[nombre] ?? nombre;
}

/** 'cada 60 s', 'cada 5 min', 'cada 2 h', 'cada día'. */
export function everyText(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? 'Cada día' : `Cada ${seconds / 86_400} días`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? 'Cada hora' : `Cada ${seconds / 3_600} h`;
  if (seconds % 60 === 0) return seconds === 60 ? 'Cada minuto' : `Cada ${seconds / 60} min`;
  return `Cada ${seconds} s`;
}

/** A task's state for its chip: running/queued, last run failed, last run fine, never run. */
export function taskState(task: Pick<Task, 'enCurso' | 'ultima'>): { text: string; color: ChipColor } {
  if (task.enCurso) return { text: 'En curso', color: 'info' };
  if (!task.ultima) return { text: 'Sin ejecuciones', color: 'default' };
  return task.ultima.estado === 'failed' ? { text: 'Falló', color: 'error' } : { text: 'Correcta', color: 'success' };
}
