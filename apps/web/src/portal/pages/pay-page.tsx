import { useState } from 'react';
import { ONLINE_PAYMENT_MAX_MONTHS, onlinePaymentAmount, sameAmount, type PortalAccount } from '@airlink/domain';
import { money, monthsText } from '../portal-format';
import { portalCall, PortalError } from '../portal-api';
import { Link, PORTAL_PATHS } from '../portal-router';
import { LoadError, Loading } from '../portal-ui';
import { usePortalData } from '../use-portal-data';

const MAX_MONTHS = ONLINE_PAYMENT_MAX_MONTHS;
/** Where the page keeps the intent it sent the customer to pay (the return page reads it when the address has none). */
export const LAST_INTENT_KEY = 'airlink-portal-intent';

/**
 * What N months would cost, only to show it (the server computes the amount; docs/business-rules.md "Paying
 * online"): the domain's rule, with 'cut' from the account's state and 'invoiced' read from its one-month amount.
 */
export function estimateAmount(
  account: Pick<PortalAccount, 'montoAPagar' | 'montoMensual' | 'estado'>,
  months: number,
): number {
  const charge = { monthly: account.montoMensual, cortado: account.estado === 'suspendido' };
  const facturar = sameAmount(account.montoAPagar, onlinePaymentAmount({ ...charge, months: 1, facturar: true }));
  return onlinePaymentAmount({ ...charge, months, facturar });
}

/** The redirect to Mercado Pago; a seam for the tests (jsdom cannot navigate). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** 'Pagar en línea': 1 to 12 months; the server makes the Mercado Pago checkout and the page goes there. */
export function PayPage() {
  const { state, reload } = usePortalData<PortalAccount>('/api/portal/cuenta');
  const [meses, setMeses] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'loading') return <Loading label="Cargando tu cuenta…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;

  const pay = async () => {
    if (!Number.isInteger(meses) || meses < 1 || meses > MAX_MONTHS) {
      setFailure(`Elige de 1 a ${MAX_MONTHS} meses.`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const intent = await portalCall<{ id: number | string; urlPago: string }>('/api/portal/pagos', {
        body: { meses },
      });
      try {
        sessionStorage.setItem(LAST_INTENT_KEY, String(intent.id));
      } catch {
        // Private mode without storage: the return address still names the payment.
      }
      browser.assign(intent.urlPago);
    } catch (e) {
      setFailure(
        e instanceof PortalError ? e.message : 'No se pudo iniciar el pago. Intenta de nuevo en unos minutos.',
      );
      setBusy(false);
    }
  };

  const estimate = estimateAmount(state.data, meses);
  return (
    <section className="pt-card" aria-labelledby="pt-pagar-titulo">
      <h1 id="pt-pagar-titulo" className="pt-title">
        Pagar en línea
      </h1>
      <p className="pt-muted">Elige cuántos meses quieres pagar. Te llevaremos a Mercado Pago para terminar.</p>
      <fieldset className="pt-months">
        <legend>Meses a pagar</legend>
        {Array.from({ length: MAX_MONTHS }, (_, i) => i + 1).map((n) => (
          <label key={n} className={n === meses ? 'pt-month pt-month-on' : 'pt-month'}>
            <input
              type="radio"
              name="meses"
              value={n}
              checked={n === meses}
              onChange={() => setMeses(n)}
              aria-label={monthsText(n)}
            />
            {n}
          </label>
        ))}
      </fieldset>
      <div className="pt-estimate" aria-live="polite">
        <span>{monthsText(meses)}</span>
        <strong>{money(estimate)}</strong>
      </div>
      <p className="pt-muted pt-small">
        Monto aproximado: el monto exacto lo calcula AirLink y lo verás en Mercado Pago antes de pagar.
      </p>
      {failure && (
        <p className="pt-alert pt-alert-error" role="alert">
          {failure}
        </p>
      )}
      <button className="pt-button pt-button-primary pt-wide" type="button" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Abriendo Mercado Pago…' : 'Ir a pagar'}
      </button>
      <Link to={PORTAL_PATHS.cuenta} className="pt-link">
        Volver a mi cuenta
      </Link>
    </section>
  );
}
