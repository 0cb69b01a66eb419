import { Box, Button, CircularProgress } from '@mui/material';
import type { MouseEvent } from 'react';

/**
 * The 'Guardar' row at the end of a settings form: right-aligned, disabled with a spinner while the save runs.
 * Without `onClick` it submits the surrounding form.
 */
export function SaveBar({ pending, onClick }: { pending: boolean; onClick?: (e: MouseEvent) => void }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
      <Button
        type={onClick ? 'button' : 'submit'}
        variant="contained"
        onClick={onClick}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Guardar
      </Button>
    </Box>
  );
}
