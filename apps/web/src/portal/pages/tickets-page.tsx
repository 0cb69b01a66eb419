import { useState, type FormEvent } from 'react';
import type { PortalTicket } from '@airlink/domain';
import { longDate } from '../portal-format';
import { portalCall, PortalError } from '../portal-api';
import { LoadError } from '../portal-ui';
import { usePortalData } from '../use-portal-data';

export const MAX_SUBJECT = 150;
export const MAX_DESCRIPTION = 4000;

export function ticketErrors(asunto: string, descripcion: string): { asunto?: string; descripcion?: string } {
  const out: { asunto?: string; descripcion?: string } = {};
  if (!asunto.trim()) out.asunto = 'Escribe en pocas palabras qué pasa.';
  else if (asunto.trim().length > MAX_SUBJECT) out.asunto = `El asunto admite hasta ${MAX_SUBJECT} caracteres.`;
  if (!descripcion.trim()) out.descripcion = 'Cuéntanos qué pasa y desde cuándo.';
  else if (descripcion.trim().length > MAX_DESCRIPTION)
    out.descripcion = `La descripción admite hasta ${MAX_DESCRIPTION} caracteres.`;
  return out;
}

/** 'Reportar falla': a support ticket for the contract (POST /api/portal/tickets) and the ones already open. */
export function TicketsPage() {
  const { state, reload } = usePortalData<PortalTicket[]>('/api/portal/tickets');
  const [asunto, setAsunto] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const [errors, setErrors] = useState<{ asunto?: string; descripcion?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = ticketErrors(asunto, descripcion);
    setErrors(found);
    setFailure(null);
    setSent(false);
    if (found.asunto || found.descripcion) return;
    setBusy(true);
    try {
      await portalCall('/api/portal/tickets', { body: { asunto: asunto.trim(), descripcion: descripcion.trim() } });
      setAsunto('');
      setDescripcion('');
      setSent(true);
      reload();
    } catch (err) {
      setFailure(err instanceof PortalError ? err.message : 'No se pudo enviar tu reporte. Intenta de nuevo.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="pt-card" aria-labelledby="pt-reportar">
        <h1 id="pt-reportar" className="pt-title">
          Reportar una falla
        </h1>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Reportar una falla">
          <div className="pt-field">
            <label htmlFor="pt-asunto">Asunto</label>
            <input
              id="pt-asunto"
              value={asunto}
              maxLength={MAX_SUBJECT + 20}
              onChange={(e) => setAsunto(e.target.value)}
              aria-invalid={errors.asunto ? true : undefined}
              aria-describedby={errors.asunto ? 'pt-asunto-help' : undefined}
              placeholder="Por ejemplo: no tengo internet"
            />
            {errors.asunto && (
              <span id="pt-asunto-help" className="pt-field-error">
                {errors.asunto}
              </span>
            )}
          </div>
          <div className="pt-field">
            <label htmlFor="pt-descripcion">Descripción</label>
            <textarea
              id="pt-descripcion"
              rows={4}
              value={descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
              aria-invalid={errors.descripcion ? true : undefined}
              aria-describedby={errors.descripcion ? 'pt-descripcion-help' : undefined}
            />
            {errors.descripcion && (
              <span id="pt-descripcion-help" className="pt-field-error">
                {errors.descripcion}
              </span>
            )}
          </div>
          {failure && (
            <p className="pt-alert pt-alert-error" role="alert">
              {failure}
            </p>
          )}
          {sent && (
            <p className="pt-alert pt-alert-ok" role="status">
              Recibimos tu reporte. Nuestro equipo de soporte te contactará pronto.
            </p>
          )}
          <button className="pt-button pt-button-primary pt-wide" type="submit" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar reporte'}
          </button>
        </form>
      </section>
      <section className="pt-card" aria-labelledby="pt-mis-reportes">
        <h2 id="pt-mis-reportes" className="pt-subtitle">
          Mis reportes
        </h2>
        {state.status === 'loading' && <p className="pt-muted">Cargando…</p>}
        {state.status === 'error' && <LoadError message={state.message} onRetry={reload} />}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <p className="pt-muted">No tienes reportes.</p>
          ) : (
            <ul className="pt-list" aria-label="Mis reportes">
              {state.data.map((t) => (
                <li key={t.id} className="pt-list-row">
                  <div className="pt-list-main">
                    <strong>{t.asunto}</strong>
                    <span className="pt-muted">
                      Folio {t.id} · {longDate(t.fecha)}
                    </span>
                  </div>
                  <span className="pt-badge">{t.estado}</span>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}
