import type { ReactNode } from 'react';

export interface HintProps {
  /** The text shown under the element while the pointer rests on it or it has the keyboard focus. */
  title: string;
  /** 'end' lines the hint up with the element's right edge (for the last buttons of a bar). */
  align?: 'center' | 'end';
  children: ReactNode;
}

/**
 * A tooltip drawn by CSS alone (app/shell.css `.sh-hint`), for the shell's buttons: MUI's Tooltip brings MUI,
 * Popper.js and its transitions into the first screen (docs/performance.md). The element keeps its own aria-label;
 * the hint is only visual (a pseudo-element).
 */
export function Hint({ title, align = 'center', children }: HintProps) {
  return (
    <span className={align === 'end' ? 'sh-hint sh-hint-end' : 'sh-hint'} data-hint={title}>
      {children}
    </span>
  );
}
