import { APP_NAME, findPage, sidebarFor, type PageDef } from '@airlink/domain';
import CircleIcon from '@mui/icons-material/Circle';
import { Box, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { areaOf } from '../areas';

export interface SidebarProps {
  level: number;
  /** Called after an item is chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

/** The page whose item is highlighted: the page itself, or for a hidden page the first of its group. */
function activeKey(pathname: string, groups: ReturnType<typeof sidebarFor>['groups']): string | null {
  const page = findPage(pathname);
  if (!page) return null;
  if (page.visible) return page.key;
  return groups.find((g) => g.key === page.group)?.pages[0]?.key ?? null;
}

function SidebarItem({ page, active, onNavigate }: { page: PageDef; active: boolean; onNavigate?: () => void }) {
  const Icon = areaOf(page.key)?.icon ?? CircleIcon;
  return (
    <ListItemButton
      component={RouterLink}
      to={page.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{
        mx: 1,
        my: 0.25,
        borderRadius: 1.5,
        color: 'rgba(255,255,255,0.82)',
        '& .MuiListItemIcon-root': { color: 'rgba(255,255,255,0.6)', minWidth: 38 },
        '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
        '&.Mui-selected, &.Mui-selected:hover': {
          bgcolor: 'primary.main',
          color: '#fff',
          '& .MuiListItemIcon-root': { color: '#fff' },
        },
      }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={page.title}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 600 : 500 } } }}
      />
    </ListItemButton>
  );
}

/** The sidebar a level sees: the separate 'Dashboard' item, then the groups with their headings. */
export function Sidebar({ level, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { dashboard, groups } = sidebarFor(level);
  const active = activeKey(pathname, groups);

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: '#0f1f3d', color: '#fff' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, minHeight: 64 }}>
        <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 800, lineHeight: 1.1, letterSpacing: 0.3 }}>
            {APP_NAME}
          </Typography>
          <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.55)' }}>
            Back-office
          </Typography>
        </Box>
      </Box>
      <Box component="nav" aria-label="Menú principal" sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        {dashboard && (
          <List dense disablePadding sx={{ mt: 1 }}>
            <SidebarItem page={dashboard} active={active === dashboard.key} onNavigate={onNavigate} />
          </List>
        )}
        {groups.map((g) => (
          <List
            key={g.key}
            dense
            disablePadding
            aria-label={g.title}
            subheader={
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  color: 'rgba(255,255,255,0.5)',
                  fontSize: 11,
                  fontWeight: 700,
                  letterSpacing: 0.8,
                  textTransform: 'uppercase',
                  lineHeight: '32px',
                  mt: 1.5,
                  px: 3,
                }}
              >
                {g.title}
              </ListSubheader>
            }
          >
            {g.pages.map((p) => (
              <SidebarItem key={p.key} page={p} active={active === p.key} onNavigate={onNavigate} />
            ))}
          </List>
        ))}
      </Box>
    </Box>
  );
}
