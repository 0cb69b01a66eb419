import type { ApiKey } from '@airlink/domain';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Card, CardActions, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { businessTz } from '../../../lib/business-time';
import { ApiKeyProfileChip, ApiKeyStatusChip } from './api-key-chips';
import { formatKeyDate } from './api-key-form-values';
import { MaskedKey } from './masked-key';

export interface ApiKeyCardProps {
  apiKey: ApiKey;
  fresh?: string;
  onView: () => void;
  onEdit: () => void;
  onRegenerate: () => void;
  onDelete: () => void;
  onCopy: (key: string) => void;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** One key of the grid: name, status and profile chips, description, dates, the masked key and its actions. */
export function ApiKeyCard({ apiKey, fresh, onView, onEdit, onRegenerate, onDelete, onCopy }: ApiKeyCardProps) {
  const tz = businessTz();
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="api-key-card">
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {apiKey.name}
          </Typography>
          <ApiKeyStatusChip apiKey={apiKey} />
        </Stack>
        <Stack direction="row">
          <ApiKeyProfileChip apiKey={apiKey} />
        </Stack>
        <Typography
          variant="body2"
          color={apiKey.description ? 'text.primary' : 'text.secondary'}
          sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}
        >
          {apiKey.description || 'Sin descripción'}
        </Typography>
        <Stack spacing={0.25}>
          <Line label="Creada" value={formatKeyDate(apiKey.createdAt, tz)} />
          <Line label="Último uso" value={apiKey.lastUsed ? formatKeyDate(apiKey.lastUsed, tz) : 'Nunca'} />
          <Line label="Expira" value={apiKey.expiresAt ? formatKeyDate(apiKey.expiresAt, tz, true) : 'Nunca expira'} />
        </Stack>
        <MaskedKey keyPrefix={apiKey.keyPrefix} fresh={fresh} onCopy={onCopy} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <Tooltip title="Ver">
          <IconButton aria-label={`Ver ${apiKey.name}`} onClick={onView}>
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Editar">
          <IconButton aria-label={`Editar ${apiKey.name}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Regenerar">
          <IconButton aria-label={`Regenerar ${apiKey.name}`} onClick={onRegenerate}>
            <AutorenewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Eliminar">
          <IconButton aria-label={`Eliminar ${apiKey.name}`} color="error" onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
