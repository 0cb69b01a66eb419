import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * MUI's theme for what is drawn with MUI: every page, and the shell's menus, dialogs and toasts, which load after
 * the first screen (the shell itself is plain CSS, app/shell.css). Loaded with them: see LazyMuiScope and
 * lib/idle-lazy.tsx.
 */
export default function MuiScope({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
