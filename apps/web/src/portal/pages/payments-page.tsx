import type { PortalPayment } from '@airlink/domain';
import { longDate, money } from '../portal-format';
import { Link, PORTAL_PATHS } from '../portal-router';
import { LoadError, Loading } from '../portal-ui';
import { usePortalData } from '../use-portal-data';

/** The customer's own receipt as a PDF (403 for anybody else's). */
export const receiptUrl = (idRecibo: number | string) =>
  `/api/portal/recibos/${encodeURIComponent(String(idRecibo))}/pdf`;

function periodText(p: PortalPayment): string | null {
  if (!p.periodoInicio || !p.periodoFin) return null;
  return `${longDate(p.periodoInicio)} al ${longDate(p.periodoFin)}`;
}

/** 'Mis pagos' (GET /api/portal/pagos): every payment of the contract, newest first, each with its receipt. */
export function PaymentsPage() {
  const { state, reload } = usePortalData<PortalPayment[]>('/api/portal/pagos');
  if (state.status === 'loading') return <Loading label="Cargando tus pagos…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  const rows = state.data;
  return (
    <section className="pt-card" aria-labelledby="pt-pagos">
      <div className="pt-row pt-between pt-wrap">
        <h1 id="pt-pagos" className="pt-title">
          Mis pagos
        </h1>
        <Link to={PORTAL_PATHS.pagar} className="pt-button pt-button-primary">
          Pagar en línea
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="pt-muted">Todavía no hay pagos registrados en tu contrato.</p>
      ) : (
        <ul className="pt-list" aria-label="Pagos">
          {rows.map((p) => {
            const period = periodText(p);
            return (
              <li key={p.id} className="pt-list-row">
                <div className="pt-list-main">
                  <strong>{money(p.monto)}</strong>
                  <span className="pt-muted">Pagado el {longDate(p.fecha)}</span>
                  {period && <span className="pt-muted">Periodo: {period}</span>}
                </div>
                {p.idRecibo != null && (
                  <a className="pt-button" href={receiptUrl(p.idRecibo)} target="_blank" rel="noopener">
                    Recibo (PDF)
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
