import { ErrorState } from '../../../components/ui/error-state';

/** A dashboard part that could not be loaded: the reason and 'Reintentar'. */
export function SectionError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  return <ErrorState message={`No se pudo cargar ${what}.${reason}`} onRetry={onRetry} />;
}
