import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

/** Deep blue, quiet greys, system fonts (no font download): the AirLink back-office look. */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#1546a0', dark: '#0c2f6e', light: '#4f74c4', contrastText: '#ffffff' },
      secondary: { main: '#0f8a8a' },
      background: { default: '#f4f6fb', paper: '#ffffff' },
      text: { primary: '#1b2433', secondary: '#5b6678' },
      divider: '#e3e7ef',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  },
  // The Data Grid's Spanish texts come with the grid (components/ui/data-table.tsx), not with the first screen.
  esES,
);
