import { APP_NAME, PAGE_GROUPS, findPage } from '@airlink/domain';
import { Breadcrumbs, Typography } from '@mui/material';
import { useLocation } from 'react-router';

/** 'Grupo / Página' of the page on screen, from the domain page table. */
export function breadcrumbFor(pathname: string): string[] {
  const page = findPage(pathname);
  if (!page) return [APP_NAME];
  const group = PAGE_GROUPS.find((g) => g.key === page.group);
  return group ? [group.title, page.title] : [page.title];
}

export function NavbarBreadcrumb({ dense }: { dense?: boolean }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbFor(pathname);
  return (
    <Breadcrumbs
      aria-label="Ruta de navegación"
      sx={{ minWidth: 0, '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' }, '& .MuiBreadcrumbs-li': { minWidth: 0 } }}
    >
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        return (
          <Typography
            key={c}
            variant={dense ? 'body2' : 'body1'}
            color={last ? 'text.primary' : 'text.secondary'}
            aria-current={last ? 'page' : undefined}
            noWrap
            sx={{ fontWeight: last ? 600 : 400, display: 'block' }}
          >
            {c}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
}
