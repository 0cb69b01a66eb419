import { maskApiKey } from '@airlink/domain';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';

export interface MaskedKeyProps {
  keyPrefix: string;
  /** The whole key, known only right after it was created or regenerated in this page. */
  fresh?: string;
  onCopy: (key: string) => void;
}

/**
 * The key, masked: its stored prefix and dots. Show/hide and copy exist only while the page holds the key
 * it just received; afterwards nobody can read it again (only its hash is stored).
 */
export function MaskedKey({ keyPrefix, fresh, onCopy }: MaskedKeyProps) {
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        component="code"
        sx={{
          flex: 1,
          minWidth: 0,
          px: 1,
          py: 0.75,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 13,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: shown ? 'normal' : 'nowrap',
          wordBreak: 'break-all',
        }}
      >
        {shown && fresh ? fresh : maskApiKey(keyPrefix)}
      </Box>
      {fresh && (
        <>
          <Tooltip title={shown ? 'Ocultar' : 'Mostrar'}>
            <IconButton
              size="small"
              aria-label={shown ? 'Ocultar API Key' : 'Mostrar API Key'}
              onClick={() => setShown(!shown)}
            >
              {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
          <Tooltip title="Copiar">
            <IconButton size="small" aria-label="Copiar API Key" onClick={() => onCopy(fresh)}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}
