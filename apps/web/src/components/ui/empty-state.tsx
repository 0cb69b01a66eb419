import type { ReactNode } from 'react';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Stack, Typography } from '@mui/material';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button that helps the user fill the empty list. */
  action?: ReactNode;
  icon?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 4, px: 2 }}>
      <Box sx={{ color: 'text.disabled', display: 'flex' }}>{icon ?? <InboxOutlinedIcon sx={{ fontSize: 48 }} />}</Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}
