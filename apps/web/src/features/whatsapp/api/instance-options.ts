import { useInstances } from './list-instances';

/**
 * The 'Enviar desde' options of a form that sends as a department (reminders, the daily report): every
 * instance of the directory as 'Department (instance)', plus the saved one if it left the directory.
 */
export function useInstanceOptions(saved: string) {
  const instances = useInstances();
  const options = (instances.data ?? []).map((i) => ({
    value: i.instanceName,
    label: `${i.department} (${i.instanceName})`,
  }));
  if (saved && !options.some((o) => o.value === saved)) options.push({ value: saved, label: saved });
  return { options, isError: instances.isError };
}
