import { Box, Card, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface DashboardSectionProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown at the right of the title (a count, a button). */
  action?: ReactNode;
  children: ReactNode;
  /** The body touches the card's edges (tables); otherwise it gets the card's padding. */
  flush?: boolean;
}

/** A titled card of the dashboard, a landmark named by its title. */
export function DashboardSection({ title, subtitle, action, children, flush }: DashboardSectionProps) {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        // A table inside is framed by the card: no second border.
        '& .MuiDataGrid-root': { border: 0, borderRadius: 0 },
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, pt: 1.5, pb: flush ? 1 : 0.5, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="caption" color="text.secondary" component="p">
              {subtitle}
            </Typography>
          )}
        </Box>
        {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
      </Stack>
      <Box sx={{ flexGrow: 1, minWidth: 0, ...(flush ? {} : { px: 2, pb: 2 }) }}>{children}</Box>
    </Card>
  );
}
