import { useEffect, useState } from 'react';
import type { OnlinePayment, OnlinePaymentState, PortalAccount } from '@airlink/domain';
import { longDate, money, monthsText } from '../portal-format';
import { portalCall, PortalError } from '../portal-api';
import { Link, PORTAL_PATHS } from '../portal-router';
import { receiptUrl } from './payments-page';
import { LAST_INTENT_KEY } from './pay-page';

/** How often a pending payment is asked for again: every 3 s for two minutes, then every 15 s. */
export const POLL_MS = { first: 3_000, later: 15_000, firstFor: 120_000 };

const TITLES: Record<OnlinePaymentState, string> = {
  pendiente: 'Estamos confirmando tu pago…',
  aprobado: '¡Pago aprobado!',
  rechazado: 'Tu pago fue rechazado',
  expirado: 'El pago venció sin completarse',
  reembolsado: 'Este pago fue reembolsado',
};

/**
 * The intent the return address names: `/portal/pago/{id}`, `?pago=` (the server's back address), Mercado Pago's
 * `?external_reference=`, or the last one this tab sent to pay.
 */
export function intentIdOf(path: string, search: URLSearchParams): string | null {
  const m = /^\/portal\/pagos?\/([^/]+)$/i.exec(path);
  if (m?.[1]) return decodeURIComponent(m[1]);
  const fromQuery = search.get('pago') ?? search.get('external_reference');
  if (fromQuery) return fromQuery;
  try {
    return sessionStorage.getItem(LAST_INTENT_KEY);
  } catch {
    return null;
  }
}

/**
 * Back from Mercado Pago: what the server knows of the payment (GET /api/portal/pagos/{id}), asked again while it is
 * pending. The address Mercado Pago adds (`status=approved`…) is not trusted: only the server's state is shown.
 */
export function PaymentReturnPage({ id, pollMs = POLL_MS }: { id: string | null; pollMs?: typeof POLL_MS }) {
  const [intent, setIntent] = useState<OnlinePayment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [paidUntil, setPaidUntil] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      try {
        const got = await portalCall<OnlinePayment>(`/api/portal/pagos/${encodeURIComponent(id)}`);
        if (stopped) return;
        setIntent(got);
        setFailure(null);
        if (got.estado !== 'pendiente') {
          if (got.estado === 'aprobado') {
            const account = await portalCall<PortalAccount>('/api/portal/cuenta').catch(() => null);
            if (!stopped && account) setPaidUntil(account.pagadoHasta);
          }
          return;
        }
      } catch (e) {
        if (stopped) return;
        setFailure(e instanceof PortalError ? e.message : 'No se pudo consultar tu pago.');
        if (e instanceof PortalError && (e.status === 404 || e.status === 403 || e.status === 401)) return;
      }
      const wait = Date.now() - started < pollMs.firstFor ? pollMs.first : pollMs.later;
      timer = setTimeout(() => void ask(), wait);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, pollMs]);

  if (!id)
    return (
      <section className="pt-card">
        <h1 className="pt-title">No encontramos tu pago</h1>
        <p className="pt-muted">Revisa tus pagos o inicia uno nuevo.</p>
        <Link to={PORTAL_PATHS.pagos} className="pt-button">
          Ver mis pagos
        </Link>
      </section>
    );

  const estado = intent?.estado ?? 'pendiente';
  return (
    <section className="pt-card" aria-labelledby="pt-resultado" aria-live="polite">
      <div className={`pt-result pt-result-${estado}`} aria-hidden>
        {estado === 'aprobado' ? '✓' : estado === 'pendiente' ? '…' : '!'}
      </div>
      <h1 id="pt-resultado" className="pt-title pt-center">
        {TITLES[estado]}
      </h1>
      {intent && (
        <p className="pt-center">
          {monthsText(intent.meses)} · <strong>{money(intent.monto)}</strong>
        </p>
      )}
      {failure && (
        <p className="pt-alert pt-alert-error" role="alert">
          {failure}
        </p>
      )}
      {estado === 'pendiente' && (
        <p className="pt-muted pt-center">
          Esta página se actualiza sola. Si elegiste OXXO o transferencia SPEI, tu pago se acreditará cuando lo
          realices; puedes cerrar esta página y revisar después en «Mis pagos».
        </p>
      )}
      {estado === 'aprobado' && (
        <>
          <p className="pt-center">
            Gracias. {paidUntil ? <>Tu servicio está pagado hasta el {longDate(paidUntil)}.</> : null}
          </p>
          <div className="pt-actions">
            {intent?.idRecibo != null && (
              <a
                className="pt-button pt-button-primary"
                href={receiptUrl(intent.idRecibo)}
                target="_blank"
                rel="noopener"
              >
                Ver recibo (PDF)
              </a>
            )}
            <Link to={PORTAL_PATHS.cuenta} className="pt-button">
              Ir a mi cuenta
            </Link>
          </div>
        </>
      )}
      {(estado === 'rechazado' || estado === 'expirado') && (
        <>
          <p className="pt-muted pt-center">
            {estado === 'rechazado'
              ? 'Mercado Pago no aprobó el pago. No se hizo ningún cargo; puedes intentarlo de nuevo con otro medio.'
              : 'No recibimos el pago a tiempo. Puedes iniciar uno nuevo cuando quieras.'}
          </p>
          <div className="pt-actions">
            <Link to={PORTAL_PATHS.pagar} className="pt-button pt-button-primary">
              Intentar de nuevo
            </Link>
          </div>
        </>
      )}
      {estado === 'reembolsado' && (
        <p className="pt-muted pt-center">El dinero se devolvió a tu medio de pago. Si tienes dudas, llámanos.</p>
      )}
    </section>
  );
}
