import { APP_NAME, findPage, sidebarFor, type PageDef } from '@airlink/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { ShellIcon } from '../../components/ui/shell-icon';
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
  return (
    <li>
      <RouterLink
        to={page.path}
        className="sh-nav-item"
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        <ShellIcon name={areaOf(page.key)?.icon ?? 'Circle'} small />
        <span>{page.title}</span>
      </RouterLink>
    </li>
  );
}

/** The sidebar a level sees: the separate 'Dashboard' item, then the groups with their headings. */
export function Sidebar({ level, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { dashboard, groups } = sidebarFor(level);
  const active = activeKey(pathname, groups);

  return (
    <div className="sh-sidebar">
      <div className="sh-brand">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <div>
          <div className="sh-brand-name">{APP_NAME}</div>
          <div className="sh-brand-sub">Back-office</div>
        </div>
      </div>
      <nav aria-label="Menú principal" className="sh-nav">
        {dashboard && (
          <ul className="sh-nav-first">
            <SidebarItem page={dashboard} active={active === dashboard.key} onNavigate={onNavigate} />
          </ul>
        )}
        {groups.map((g) => (
          <ul key={g.key} aria-label={g.title}>
            <li className="sh-nav-heading">{g.title}</li>
            {g.pages.map((p) => (
              <SidebarItem key={p.key} page={p} active={active === p.key} onNavigate={onNavigate} />
            ))}
          </ul>
        ))}
      </nav>
    </div>
  );
}
