import type { ReactNode } from 'react';

/** A card's place while its data loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="pt-card pt-loading" role="status" aria-live="polite">
      <span className="pt-spinner" aria-hidden />
      {label}
    </div>
  );
}

/** A failed load, with 'Reintentar'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="pt-card">
      <p className="pt-alert pt-alert-error" role="alert">
        {message}
      </p>
      <button className="pt-button" type="button" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

/** A label and its value, one row of a card. */
export function Item({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'pt-item pt-item-strong' : 'pt-item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
