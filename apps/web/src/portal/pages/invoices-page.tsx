import type { PortalInvoice } from '@airlink/domain';
import { longDate, money } from '../portal-format';
import { LoadError, Loading } from '../portal-ui';
import { usePortalData } from '../use-portal-data';

/** The customer's own stamped invoice, PDF or XML (403 for anybody else's). */
export const invoiceFileUrl = (id: number, kind: 'pdf' | 'xml') =>
  `/api/portal/facturas/${encodeURIComponent(String(id))}/${kind}`;

const folioOf = (f: PortalInvoice) => `${f.serie}${f.folio ?? ''}`;

/**
 * 'Mis facturas' (GET /api/portal/facturas; issue 26): the contract's stamped invoices, newest first, each with its
 * PDF and XML. Loaded only when opened, so the portal's first screen does not carry it.
 */
export function InvoicesPage() {
  const { state, reload } = usePortalData<PortalInvoice[]>('/api/portal/facturas');
  if (state.status === 'loading') return <Loading label="Cargando tus facturas…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  const rows = state.data;
  return (
    <section className="pt-card" aria-labelledby="pt-facturas">
      <h1 id="pt-facturas" className="pt-title">
        Mis facturas
      </h1>
      {rows.length === 0 ? (
        <p className="pt-muted">
          Todavía no tienes facturas. Si necesitas factura de tus pagos, pide a AirLink que registre tus datos fiscales.
        </p>
      ) : (
        <ul className="pt-list" aria-label="Facturas">
          {rows.map((f) => {
            const folio = folioOf(f);
            return (
              <li key={f.id} className="pt-list-row pt-wrap">
                <div className="pt-list-main">
                  <strong>
                    Factura {folio}{' '}
                    {f.estado === 'cancelada' ? (
                      <span className="pt-badge pt-badge-bad">Cancelada</span>
                    ) : (
                      <span className="pt-badge pt-badge-ok">Vigente</span>
                    )}
                  </strong>
                  <span>{money(f.total)}</span>
                  <span className="pt-muted">Emitida el {longDate(f.fecha)}</span>
                </div>
                <div className="pt-row">
                  <a
                    className="pt-button"
                    href={invoiceFileUrl(f.id, 'pdf')}
                    target="_blank"
                    rel="noopener"
                    aria-label={`PDF de la factura ${folio}`}
                  >
                    PDF
                  </a>
                  <a
                    className="pt-button"
                    href={invoiceFileUrl(f.id, 'xml')}
                    download
                    aria-label={`XML de la factura ${folio}`}
                  >
                    XML
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
