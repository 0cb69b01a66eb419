import { activityColor, type ActivityColor } from '@airlink/domain';
import { Box, Tooltip } from '@mui/material';
import { minutesSinceActivity } from '../connected-user-filter';

const PALETTE: Record<ActivityColor, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  red: 'error.main',
};

/** 'Activo hace N min' (whole minutes), or a plain notice when the date cannot be read. */
export function activityLabel(lastActivity: string, now: Date): string {
  const minutes = minutesSinceActivity({ lastActivity }, now);
  if (!Number.isFinite(minutes)) return 'Sin actividad registrada';
  if (minutes < 1) return 'Activo hace menos de 1 min';
  return `Activo hace ${Math.floor(minutes)} min`;
}

export interface ActivityDotProps {
  lastActivity: string;
  now: Date;
}

/** Green under 5 minutes since the last activity, yellow under 15, red otherwise (docs/business-rules.md "Screens"). */
export function ActivityDot({ lastActivity, now }: ActivityDotProps) {
  const color = activityColor(new Date(lastActivity), now);
  const label = activityLabel(lastActivity, now);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-activity={color}
        sx={{
          display: 'inline-block',
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: PALETTE[color],
          boxShadow: (theme) => `0 0 0 3px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.divider}`,
          verticalAlign: 'middle',
        }}
      />
    </Tooltip>
  );
}
