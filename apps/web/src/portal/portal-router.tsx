import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

/*
 * The portal's few addresses, without a router library (its first screen stays small): the path under /portal
 * is the screen, history.pushState moves between them and the back button works.
 */
export const PORTAL_PATHS = {
  cuenta: '/portal',
  pagos: '/portal/pagos',
  pagar: '/portal/pagar',
  facturas: '/portal/facturas',
  reportes: '/portal/reportes',
} as const;

const EVENT = 'airlink-portal-navigate';

/** Goes to a portal address (a new history entry, or the current one replaced). */
export function go(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
  window.scrollTo?.(0, 0);
}

/** The current location (path and query), updated on every move. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const read = () => ({ path: window.location.pathname, search: window.location.search });
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const update = () => setLoc(read());
    window.addEventListener('popstate', update);
    window.addEventListener(EVENT, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(EVENT, update);
    };
  }, []);
  return { path: loc.path.replace(/\/+$/, '') || '/', search: new URLSearchParams(loc.search) };
}

/** A link inside the portal (a plain click moves without reloading; a middle click opens a tab as usual). */
export function Link({
  to,
  className,
  children,
  current,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  current?: boolean;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(to);
  };
  return (
    <a href={to} className={className} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
