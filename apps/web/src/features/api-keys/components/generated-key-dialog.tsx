import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';

export interface GeneratedKeyDialogProps {
  /** The key just created or regenerated, with its name; null closes the dialog. */
  generated: { name: string; key: string } | null;
  onCancel: () => void;
  /** 'Copiar y Cerrar': copies the key, then closes. */
  onCopyAndClose: (key: string) => void;
}

/** The only time a key is seen (docs/business-rules.md "Screens"): shown in full, with 'Cancelar' and 'Copiar y Cerrar'. */
export function GeneratedKeyDialog({ generated, onCancel, onCopyAndClose }: GeneratedKeyDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={generated !== null} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>API Key generada</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Esta es la única vez que podrás ver esta API Key. Cópiala y guárdala en un lugar seguro: después solo se
          mostrará enmascarada.
        </Alert>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {generated?.name}
        </Typography>
        <Box
          component="code"
          data-testid="generated-api-key"
          sx={{
            display: 'block',
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 14,
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {generated?.key}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => generated && onCopyAndClose(generated.key)}>
          Copiar y Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
