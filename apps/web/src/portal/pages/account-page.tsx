import { accountStateText, type AccountState, type PortalAccount } from '@airlink/domain';
import { longDate, money } from '../portal-format';
import { Link, PORTAL_PATHS } from '../portal-router';
import { Item, LoadError, Loading } from '../portal-ui';
import { usePortalData } from '../use-portal-data';

const STATE_CLASS: Record<AccountState, string> = {
  al_corriente: 'pt-badge pt-badge-ok',
  con_retraso: 'pt-badge pt-badge-warn',
  suspendido: 'pt-badge pt-badge-bad',
};

function planText(plan: PortalAccount['plan']): string {
  const speeds =
    plan.bajadaMbps != null && plan.subidaMbps != null
      ? ` · ${plan.bajadaMbps} Mbps de bajada / ${plan.subidaMbps} Mbps de subida`
      : plan.bajadaMbps != null
        ? ` · ${plan.bajadaMbps} Mbps`
        : '';
  return `${plan.nombre}${speeds}`;
}

/** 'Mi cuenta' (GET /api/portal/cuenta): the contract's state, what to pay, and how to pay it. */
export function AccountPage() {
  const { state, reload } = usePortalData<PortalAccount>('/api/portal/cuenta');
  if (state.status === 'loading') return <Loading label="Cargando tu cuenta…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  const a = state.data;
  return (
    <>
      <section className="pt-card" aria-labelledby="pt-estado">
        <div className="pt-row pt-between pt-wrap">
          <h1 id="pt-estado" className="pt-title">
            Hola, {a.nombre}
          </h1>
          <span className={STATE_CLASS[a.estado]}>{accountStateText(a.estado, a.diasRetraso)}</span>
        </div>
        <p className="pt-muted">{a.direccion}</p>
        <dl className="pt-items">
          <Item label="Plan">{planText(a.plan)}</Item>
          <Item label="Mensualidad">{money(a.montoMensual)}</Item>
          <Item label="Pagado hasta">{longDate(a.pagadoHasta)}</Item>
          <Item label="Fecha de corte">{longDate(a.fechaCorte)}</Item>
          {a.saldoAFavor > 0 && <Item label="Saldo a favor">{money(a.saldoAFavor)}</Item>}
        </dl>
      </section>

      <section className="pt-card pt-pay-card" aria-labelledby="pt-pagar">
        <h2 id="pt-pagar" className="pt-subtitle">
          Monto a pagar
        </h2>
        <p className="pt-amount">{money(a.montoAPagar)}</p>
        <p className="pt-muted">
          Un mes de servicio
          {a.estado === 'suspendido' ? ', con la reconexión' : ''}. Paga con tarjeta, OXXO o SPEI a través de Mercado
          Pago.
        </p>
        {a.pagoEnLinea ? (
          <Link to={PORTAL_PATHS.pagar} className="pt-button pt-button-primary pt-wide">
            Pagar en línea
          </Link>
        ) : (
          <p className="pt-muted pt-small">
            El pago en línea no está disponible por ahora: paga en oficina o por transferencia.
          </p>
        )}
      </section>

      {a.cuentasBancarias.length > 0 && (
        <section className="pt-card" aria-labelledby="pt-transferencia">
          <h2 id="pt-transferencia" className="pt-subtitle">
            Pago por transferencia o depósito
          </h2>
          <p className="pt-muted">Usa tu número de contrato como referencia.</p>
          <ul className="pt-banks">
            {a.cuentasBancarias.map((c) => (
              <li key={`${c.banco}-${c.clabe}`}>
                <strong>{c.banco}</strong>
                {c.clabe && (
                  <span>
                    CLABE <span className="pt-mono">{c.clabe}</span>
                  </span>
                )}
                {c.titular && <span className="pt-muted">A nombre de {c.titular}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
