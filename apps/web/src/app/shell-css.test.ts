import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../components/ui/theme';

// The shell is drawn by app/shell.css before any page brings MUI: its colours are the theme's.
const css = readFileSync(path.join(import.meta.dirname, 'shell.css'), 'utf8');
const cssVar = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim().toLowerCase();

describe('app/shell.css follows the MUI theme', () => {
  it.each([
    ['sh-primary', theme.palette.primary.main],
    ['sh-primary-dark', theme.palette.primary.dark],
    ['sh-bg', theme.palette.background.default],
    ['sh-paper', theme.palette.background.paper],
    ['sh-text', theme.palette.text.primary],
    ['sh-text-2', theme.palette.text.secondary],
    ['sh-divider', theme.palette.divider],
    ['sh-error', theme.palette.error.main],
    ['sh-success', theme.palette.success.main],
  ])('--%s is %s', (name, value) => {
    expect(cssVar(name)).toBe(value.toLowerCase());
  });
});
