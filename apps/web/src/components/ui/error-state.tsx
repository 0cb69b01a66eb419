import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Stack, Typography } from '@mui/material';

export interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
}

/** What a section shows when its data could not be loaded, with a retry button. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 4, px: 2 }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="body1" sx={{ maxWidth: 480 }}>
        {message}
      </Typography>
      {onRetry && (
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </Stack>
  );
}
