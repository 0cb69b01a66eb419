import { lazy, Suspense, type ReactNode } from 'react';
import { PageProgress } from './page-progress';

const MuiScope = lazy(() => import('./mui-scope'));

/**
 * A page drawn with MUI, under the plain-CSS shell: MUI, Emotion and the theme arrive with the page (they are not
 * part of the first screen, docs/performance.md); a progress bar shows meanwhile. A failed download reaches the
 * route's error boundary, like the page's own code.
 */
export function LazyMuiScope({ children, label = 'Cargando página' }: { children: ReactNode; label?: string }) {
  return (
    <Suspense fallback={<PageProgress label={label} />}>
      <MuiScope>{children}</MuiScope>
    </Suspense>
  );
}
