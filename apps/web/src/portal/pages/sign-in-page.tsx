import { useState, type FormEvent } from 'react';
import {
  PORTAL_CODE_SENT_MESSAGE,
  PORTAL_LOCKED_MESSAGE,
  PORTAL_WRONG_CODE_MESSAGE,
  portalPhoneKey,
} from '@airlink/domain';
import { portalCall, PortalError } from '../portal-api';

/** The sign-in form's checks, in Spanish; null when the field is fine. */
export function contractError(v: string): string | null {
  const t = v.trim();
  if (!t) return 'Escribe tu número de contrato.';
  if (t.length > 40) return 'El número de contrato es demasiado largo.';
  return null;
}
export function phoneError(v: string): string | null {
  if (!v.trim()) return 'Escribe el teléfono que registraste en tu contrato.';
  if (portalPhoneKey(v) === null) return 'Escribe tu teléfono a 10 dígitos (puedes usar espacios o guiones).';
  return null;
}
export function codeError(v: string): string | null {
  const t = v.replace(/\s/g, '');
  if (!t) return 'Escribe el código que te llegó por WhatsApp.';
  if (!/^\d{6}$/.test(t)) return 'El código tiene 6 dígitos.';
  return null;
}

/** The message of a failed 'Enviar código' (too many codes for the phone or the network, or a failure). */
function codeRequestMessage(e: unknown): string {
  if (e instanceof PortalError) {
    if (e.status === 429 && e.code.startsWith('http_'))
      return 'Ya pediste demasiados códigos. Espera una hora antes de pedir otro.';
    return e.message;
  }
  return 'Algo salió mal. Intenta de nuevo en unos minutos.';
}

/** The message of a refused code: wrong or expired, or the contract's sign-in locked for 15 minutes. */
function sessionMessage(e: unknown): string {
  if (e instanceof PortalError) {
    if (e.code.startsWith('http_') || e.code === 'network') {
      if (e.status === 429 || e.status === 423) return PORTAL_LOCKED_MESSAGE;
      if (e.status === 400 || e.status === 401) return PORTAL_WRONG_CODE_MESSAGE;
    }
    return e.message;
  }
  return 'Algo salió mal. Intenta de nuevo en unos minutos.';
}

/**
 * Sign-in without passwords: the contract number (the `no` or the display id) and the phone on file; 'Enviar código'
 * asks for a 6-digit code by WhatsApp (always the same neutral answer), then the code opens the session.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [contrato, setContrato] = useState('');
  const [telefono, setTelefono] = useState('');
  const [codigo, setCodigo] = useState('');
  const [step, setStep] = useState<'datos' | 'codigo'>('datos');
  const [errors, setErrors] = useState<{ contrato?: string; telefono?: string; codigo?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState(PORTAL_CODE_SENT_MESSAGE);

  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = { contrato: contractError(contrato) ?? undefined, telefono: phoneError(telefono) ?? undefined };
    setErrors(found);
    setFailure(null);
    if (found.contrato || found.telefono) return;
    setBusy(true);
    try {
      const answer = await portalCall<{ message?: string } | undefined>('/api/portal/codigo', {
        body: { contrato: contrato.trim(), telefono: telefono.trim() },
        signIn: true,
      });
      setSentMessage(answer?.message || PORTAL_CODE_SENT_MESSAGE);
      setCodigo('');
      setStep('codigo');
    } catch (err) {
      setFailure(codeRequestMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const enter = async (e: FormEvent) => {
    e.preventDefault();
    const problem = codeError(codigo);
    setErrors({ codigo: problem ?? undefined });
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await portalCall('/api/portal/sesion', {
        body: { contrato: contrato.trim(), codigo: codigo.replace(/\s/g, '') },
        signIn: true,
      });
      onSignedIn();
    } catch (err) {
      setFailure(sessionMessage(err));
      setBusy(false);
    }
  };

  return (
    <main className="pt-signin">
      <div className="pt-card pt-signin-card">
        <h1 className="pt-title">Entra a tu cuenta</h1>
        {step === 'datos' ? (
          <form noValidate onSubmit={(e) => void sendCode(e)} aria-label="Datos del contrato">
            <p className="pt-muted">
              Escribe tu número de contrato y el teléfono que registraste. Te enviaremos un código por WhatsApp.
            </p>
            <Field
              id="pt-contrato"
              label="Número de contrato"
              value={contrato}
              onChange={setContrato}
              error={errors.contrato}
              autoComplete="off"
              hint="Viene en tu recibo, por ejemplo 1234."
            />
            <Field
              id="pt-telefono"
              label="Teléfono"
              value={telefono}
              onChange={setTelefono}
              error={errors.telefono}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
            />
            {failure && (
              <p className="pt-alert pt-alert-error" role="alert">
                {failure}
              </p>
            )}
            <button className="pt-button pt-button-primary pt-wide" type="submit" disabled={busy}>
              {busy ? 'Enviando…' : 'Enviar código'}
            </button>
          </form>
        ) : (
          <form noValidate onSubmit={(e) => void enter(e)} aria-label="Código de acceso">
            <p className="pt-alert pt-alert-info" role="status">
              {sentMessage}
            </p>
            <Field
              id="pt-codigo"
              label="Código de 6 dígitos"
              value={codigo}
              onChange={(v) => setCodigo(v.replace(/[^\d\s]/g, '').slice(0, 7))}
              error={errors.codigo}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="pt-code"
            />
            {failure && (
              <p className="pt-alert pt-alert-error" role="alert">
                {failure}
              </p>
            )}
            <button className="pt-button pt-button-primary pt-wide" type="submit" disabled={busy}>
              {busy ? 'Entrando…' : 'Entrar'}
            </button>
            <div className="pt-row pt-between">
              <button className="pt-link" type="button" disabled={busy} onClick={() => void sendCode()}>
                Enviar otro código
              </button>
              <button
                className="pt-link"
                type="button"
                disabled={busy}
                onClick={() => {
                  setStep('datos');
                  setFailure(null);
                  setErrors({});
                }}
              >
                Cambiar datos
              </button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: 'tel' | 'numeric' | 'text';
  autoComplete?: string;
  className?: string;
}

/** A labelled input with its error or hint below (linked by aria-describedby). */
export function Field({ id, label, value, onChange, error, hint, type = 'text', className, ...rest }: FieldProps) {
  const help = error ?? hint;
  return (
    <div className="pt-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? `${id}-help` : undefined}
        className={className}
        {...rest}
      />
      {help && (
        <span id={`${id}-help`} className={error ? 'pt-field-error' : 'pt-field-hint'}>
          {help}
        </span>
      )}
    </div>
  );
}
