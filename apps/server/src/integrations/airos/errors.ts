import { IntegrationError, secondsText } from '../integration-error';

/** Every failure of the airOS client, with a stable `code` and a Spanish `message` a person can act on. */
export type AirosErrorCode =
  | 'airos_auth'
  | 'airos_timeout'
  | 'airos_unreachable'
  | 'airos_tls'
  | 'airos_html'
  | 'airos_malformed'
  | 'airos_http'
  | 'airos_session';

export class AirosError extends IntegrationError<AirosErrorCode> {
  constructor(code: AirosErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, undefined, options);
  }
}

/** The radio refused the user name or password (airOS 8: 401/403 on /api/auth; airOS 6: the login page again). */
export class AirosAuthError extends AirosError {
  constructor() {
    super('airos_auth', 'Usuario o contraseña incorrectos en el radio');
  }
}

export class AirosTimeoutError extends AirosError {
  constructor(readonly timeoutMs: number) {
    super('airos_timeout', `El radio no respondió en ${secondsText(timeoutMs)}`);
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada',
  ECONNRESET: 'el radio cerró la conexión',
  EHOSTUNREACH: 'equipo inalcanzable',
  ENETUNREACH: 'red inalcanzable',
  ENOTFOUND: 'nombre de equipo desconocido',
  EAI_AGAIN: 'no se pudo resolver el nombre del equipo',
  EPIPE: 'el radio cerró la conexión',
};

export class AirosUnreachableError extends AirosError {
  constructor(
    readonly target: string,
    readonly reason: string | undefined,
    cause?: unknown,
  ) {
    super(
      'airos_unreachable',
      `No se pudo conectar con el radio ${target}: ${(reason && NETWORK_REASONS[reason]) || 'error de red'}`,
      { cause },
    );
  }
}

export class AirosTlsError extends AirosError {
  constructor(
    readonly reason: string | undefined,
    cause?: unknown,
  ) {
    const untrusted = reason !== undefined && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(reason);
    super(
      'airos_tls',
      untrusted
        ? 'Error de TLS con el radio: su certificado no es de confianza (active "aceptar certificado autofirmado" para este equipo)'
        : 'Error de TLS con el radio: no se pudo establecer la conexión segura',
      { cause },
    );
  }
}

export class AirosHtmlError extends AirosError {
  constructor() {
    super('airos_html', 'El radio respondió una página HTML en lugar de datos JSON');
  }
}

export class AirosMalformedError extends AirosError {
  constructor(detail: 'json' | 'shape' | 'too_large' | 'no_session') {
    const messages = {
      json: 'El radio respondió datos JSON mal formados',
      shape: 'El radio respondió datos incompletos: faltan los datos del equipo',
      too_large: 'El radio respondió una respuesta demasiado grande',
      no_session: 'El radio aceptó el inicio de sesión pero no entregó una sesión válida',
    } as const;
    super('airos_malformed', messages[detail]);
  }
}

export class AirosHttpError extends AirosError {
  constructor(readonly status: number) {
    super('airos_http', `El radio respondió con el código HTTP ${status}`);
  }
}

/** The radio rejected a session it had just granted (after one new login): nothing more to try. */
export class AirosSessionError extends AirosError {
  constructor() {
    super('airos_session', 'El radio rechazó la sesión recién iniciada; intente de nuevo más tarde');
  }
}
