import { APP_NAME, PAGE_GROUPS, findPage } from '@airlink/domain';
import { Fragment } from 'react';
import { useLocation } from 'react-router';

/**
 * 'Grupo / Página' of the page on screen, from the domain page table; a page named like its group is one crumb
 * ('Finanzas', never 'Finanzas / Finanzas').
 */
function breadcrumbFor(pathname: string): string[] {
  const page = findPage(pathname);
  if (!page) return [APP_NAME];
  const group = PAGE_GROUPS.find((g) => g.key === page.group);
  return group && group.title !== page.title ? [group.title, page.title] : [page.title];
}

export function NavbarBreadcrumb({ dense }: { dense?: boolean }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbFor(pathname);
  return (
    <nav aria-label="Ruta de navegación" className={dense ? 'sh-crumbs sh-crumbs-dense' : 'sh-crumbs'}>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <Fragment key={i}>
              {i > 0 && (
                <li className="sh-crumb-sep" aria-hidden="true">
                  /
                </li>
              )}
              <li aria-current={last ? 'page' : undefined}>{c}</li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
