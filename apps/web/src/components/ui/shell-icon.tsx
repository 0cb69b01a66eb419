import { createElement } from 'react';
import { SHELL_ICONS, type ShellIconName } from './shell-icons';

/** A Material icon of the shell (shell-icons.ts) drawn as plain SVG, 24 px (20 px `small`), in the text colour. */
export function ShellIcon({ name, small }: { name: ShellIconName; small?: boolean }) {
  return (
    <span className={small ? 'sh-icon sh-icon-small' : 'sh-icon'} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        {SHELL_ICONS[name].map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
      </svg>
    </span>
  );
}
