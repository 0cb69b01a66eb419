import { lazy, Suspense, useEffect, useState } from 'react';
import { portalCall, setSessionEndedHandler } from './portal-api';
import { go, Link, PORTAL_PATHS, useLocation } from './portal-router';
import { AccountPage } from './pages/account-page';
import { PayPage } from './pages/pay-page';
import { intentIdOf, PaymentReturnPage } from './pages/payment-return-page';
import { PaymentsPage } from './pages/payments-page';
import { SignInPage } from './pages/sign-in-page';
import { TicketsPage } from './pages/tickets-page';
import { Loading } from './portal-ui';

// 'Mis facturas' is its own chunk: the portal's first screen stays under its size budget (docs/performance.md).
const InvoicesPage = lazy(() => import('./pages/invoices-page').then((m) => ({ default: m.InvoicesPage })));

type Screen = 'cuenta' | 'pagos' | 'pagar' | 'pago' | 'facturas' | 'reportes';

/** The screen of a portal address; an unknown one shows the account. Mercado Pago comes back to `/portal?pago={id}`. */
export function screenOf(path: string, search = new URLSearchParams()): Screen {
  const p = path.toLowerCase();
  if (p === PORTAL_PATHS.cuenta && search.get('pago')) return 'pago';
  if (p === PORTAL_PATHS.pagar) return 'pagar';
  if (p === PORTAL_PATHS.pagos) return 'pagos';
  if (p === PORTAL_PATHS.facturas) return 'facturas';
  if (p === PORTAL_PATHS.reportes) return 'reportes';
  if (p === '/portal/pago' || /^\/portal\/pagos?\/[^/]+$/.test(p)) return 'pago';
  return 'cuenta';
}

// Paths of 24 px icons (Material Symbols' home, receipt, description, build and logout outlines).
const ICONS = {
  cuenta: 'M12 3 2 12h3v8h6v-6h2v6h6v-8h3zm5 15h-2v-6H9v6H7v-7.81l5-4.5 5 4.5z',
  pagos:
    'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2 4.5 3.5 3 2v20l1.5-1.5L6 22l1.5-1.5L9 22l1.5-1.5L12 22l1.5-1.5L15 22l1.5-1.5L18 22l1.5-1.5L21 22V2zM19 19.09H5V4.91h14zM6 15h12v2H6zm0-4h12v2H6zm0-4h12v2H6z',
  facturas: 'M8 16h8v2H8zm0-4h8v2H8zm6-10H6c-1.1 0-2 .9-2 2v16c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8zm4 18H6V4h7v5h5z',
  reportes:
    'm22.61 18.99-9.08-9.08c.93-2.34.45-5.1-1.44-7C9.79.61 6.21.4 3.66 2.26L7.5 6.11 6.08 7.52 2.25 3.69C.39 6.23.6 9.82 2.9 12.11c1.86 1.86 4.57 2.35 6.89 1.48l9.11 9.11c.39.39 1.02.39 1.41 0l2.3-2.3c.4-.38.4-1.01 0-1.41m-3 1.6-9.46-9.46c-.61.45-1.29.72-2 .82-1.36.2-2.79-.21-3.83-1.25C3.37 9.76 2.93 8.5 3 7.26l3.09 3.09 4.24-4.24-3.09-3.09c1.24-.07 2.49.37 3.44 1.31 1.08 1.08 1.49 2.57 1.24 3.96-.12.71-.42 1.37-.88 1.96l9.45 9.45z',
  salir: 'm17 8-1.41 1.41L17.17 11H9v2h8.17l-1.58 1.58L17 16l4-4zM5 5h7V3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h7v-2H5z',
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

const NAV: { screen: Screen; to: string; label: string; icon: string }[] = [
  { screen: 'cuenta', to: PORTAL_PATHS.cuenta, label: 'Mi cuenta', icon: ICONS.cuenta },
  { screen: 'pagos', to: PORTAL_PATHS.pagos, label: 'Mis pagos', icon: ICONS.pagos },
  { screen: 'facturas', to: PORTAL_PATHS.facturas, label: 'Mis facturas', icon: ICONS.facturas },
  { screen: 'reportes', to: PORTAL_PATHS.reportes, label: 'Reportar falla', icon: ICONS.reportes },
];

/**
 * The customers' portal (/portal; docs/architecture.md "The customers' portal"): sign-in by a WhatsApp code, then the
 * account, the payments, paying online, the invoices and reporting a fault. Whether a session exists is learnt from the first
 * call: the cookie is HttpOnly, and any 401 brings the sign-in back.
 */
export function PortalApp() {
  const [signedIn, setSignedIn] = useState(true);
  const { path, search } = useLocation();
  const screen = screenOf(path, search);

  useEffect(() => {
    setSessionEndedHandler(() => setSignedIn(false));
    return () => setSessionEndedHandler(() => undefined);
  }, []);

  const signOut = async () => {
    await portalCall('/api/portal/salir', { method: 'POST' }).catch(() => undefined);
    setSignedIn(false);
    go(PORTAL_PATHS.cuenta, true);
  };

  const onNav = screen === 'pagar' || screen === 'pago' ? 'pagos' : screen;
  return (
    <div className="pt-app">
      <header className="pt-header">
        <div className="pt-header-inner">
          <span className="pt-brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            AirLink
          </span>
          {signedIn && (
            <nav className="pt-nav" aria-label="Portal">
              {NAV.map((n) => (
                <Link key={n.screen} to={n.to} className="pt-nav-item" current={onNav === n.screen}>
                  <Icon d={n.icon} />
                  <span>{n.label}</span>
                </Link>
              ))}
              <button type="button" className="pt-nav-item" onClick={() => void signOut()}>
                <Icon d={ICONS.salir} />
                <span>Salir</span>
              </button>
            </nav>
          )}
        </div>
      </header>
      <div className="pt-content">
        {!signedIn ? (
          <SignInPage onSignedIn={() => setSignedIn(true)} />
        ) : (
          <main>
            {screen === 'cuenta' && <AccountPage />}
            {screen === 'pagos' && <PaymentsPage />}
            {screen === 'pagar' && <PayPage />}
            {screen === 'pago' && <PaymentReturnPage id={intentIdOf(path, search)} />}
            {screen === 'facturas' && (
              <Suspense fallback={<Loading label="Cargando tus facturas…" />}>
                <InvoicesPage />
              </Suspense>
            )}
            {screen === 'reportes' && <TicketsPage />}
          </main>
        )}
      </div>
    </div>
  );
}
