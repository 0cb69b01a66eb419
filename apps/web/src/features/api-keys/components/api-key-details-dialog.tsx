import type { ApiKey } from '@airlink/domain';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { businessTz } from '../../../lib/business-time';
import { ApiKeyProfileChip, ApiKeyStatusChip } from './api-key-chips';
import { formatKeyDate } from './api-key-form-values';
import { MaskedKey } from './masked-key';

export interface ApiKeyDetailsDialogProps {
  apiKey: ApiKey | null;
  fresh?: string;
  onClose: () => void;
  onCopy: (key: string) => void;
  onRegenerate: (key: ApiKey) => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 140 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * A key 'in a modal': every field, and the key itself only while this page holds it (right after it was
 * created or regenerated). Otherwise the page says so and offers to regenerate it.
 */
export function ApiKeyDetailsDialog({ apiKey, fresh, onClose, onCopy, onRegenerate }: ApiKeyDetailsDialogProps) {
  const titleId = useId();
  const tz = businessTz();
  return (
    <Dialog open={apiKey !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{apiKey?.name}</DialogTitle>
      {apiKey && (
        <DialogContent dividers>
          <Stack spacing={1.25}>
            <Row label="Estado">
              <ApiKeyStatusChip apiKey={apiKey} />
            </Row>
            <Row label="Perfil">
              <ApiKeyProfileChip apiKey={apiKey} />
            </Row>
            <Row label="Descripción">{apiKey.description || 'Sin descripción'}</Row>
            <Row label="Creada">{formatKeyDate(apiKey.createdAt, tz)}</Row>
            <Row label="Último uso">{apiKey.lastUsed ? formatKeyDate(apiKey.lastUsed, tz) : 'Nunca'}</Row>
            <Row label="Expira">{apiKey.expiresAt ? formatKeyDate(apiKey.expiresAt, tz, true) : 'Nunca expira'}</Row>
            <Row label="API Key">
              <MaskedKey keyPrefix={apiKey.keyPrefix} fresh={fresh} onCopy={onCopy} />
            </Row>
            {!fresh && (
              <Alert severity="info">
                Por seguridad la API Key completa no se guarda: solo se muestra al crearla o regenerarla. Si la
                perdiste, regenérala y actualiza el sistema que la usa.
              </Alert>
            )}
            <Typography variant="caption" color="text.secondary">
              Úsala en el encabezado X-API-Key (o Authorization: ApiKey &lt;clave&gt;).
            </Typography>
          </Stack>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {apiKey && !fresh && (
          <Button color="inherit" onClick={() => onRegenerate(apiKey)}>
            Regenerar
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
