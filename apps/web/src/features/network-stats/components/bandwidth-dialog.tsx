import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { RouterBandwidthPanel } from './router-bandwidth-panel';

/** The home's 'Ancho de banda' button opens this: the routers' bandwidth panel in a dialog. */
export function BandwidthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="bandwidth-title">
      <DialogTitle id="bandwidth-title">Ancho de banda de routers</DialogTitle>
      <DialogContent dividers>{open && <RouterBandwidthPanel />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
