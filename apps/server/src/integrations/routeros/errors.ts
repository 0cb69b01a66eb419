import { IntegrationError, secondsText as seconds } from '../integration-error';

/**
 * Typed RouterOS errors. `message` is Spanish and safe to show to a user; `detail` is the technical cause
 * (router text, socket error code) for logs. Neither ever contains a password.
 */
export type RouterOsErrorCode =
  | 'routeros_connect_timeout'
  | 'routeros_unreachable'
  | 'routeros_tls'
  | 'routeros_auth'
  | 'routeros_timeout'
  | 'routeros_trap'
  | 'routeros_fatal'
  | 'routeros_closed'
  | 'routeros_protocol';

export class RouterOsError extends IntegrationError<RouterOsErrorCode> {}

export class RouterOsConnectTimeoutError extends RouterOsError {
  constructor(ms: number) {
    super('routeros_connect_timeout', `No se pudo conectar con el router en ${seconds(ms)}`);
  }
}

const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada; revisa la IP, el puerto y que el servicio API esté habilitado',
  ENOTFOUND: 'no se encontró el nombre del host',
  EAI_AGAIN: 'no se encontró el nombre del host',
  EHOSTUNREACH: 'el host no es alcanzable desde el servidor',
  ENETUNREACH: 'el host no es alcanzable desde el servidor',
  ETIMEDOUT: 'el host no respondió',
  ECONNRESET: 'el router cerró la conexión',
};

export class RouterOsUnreachableError extends RouterOsError {
  constructor(detail: string) {
    super('routeros_unreachable', `No se pudo conectar con el router (${SOCKET_REASONS[detail] ?? detail})`, detail);
  }
}

export class RouterOsTlsError extends RouterOsError {
  constructor(detail: string) {
    super(
      'routeros_tls',
      'Falló la conexión segura (TLS) con el router: su certificado no es de confianza o no coincide. ' +
        'Si el router usa un certificado propio, permite certificados autofirmados en su configuración.',
      detail,
    );
  }
}

export class RouterOsAuthError extends RouterOsError {
  constructor(routerMessage: string) {
    super('routeros_auth', 'Usuario o contraseña incorrectos en el router', routerMessage);
  }
}

export class RouterOsTimeoutError extends RouterOsError {
  constructor(
    ms: number,
    readonly command: string,
  ) {
    super('routeros_timeout', `El router no respondió en ${seconds(ms)}`, command);
  }
}

/**
 * `!trap`: the router refused one command. The connection stays usable. The router's own words are kept in
 * `routerMessage` and `detail` for the server log; the message (which reaches people) is fixed text.
 */
export class RouterOsTrapError extends RouterOsError {
  constructor(
    readonly routerMessage: string,
    readonly category: number | undefined,
    readonly command: string,
  ) {
    super('routeros_trap', 'El router rechazó la orden', `${command}: ${routerMessage}`);
  }

  /** The id or item does not exist (e.g. removing an entry someone else already removed). */
  get isNoSuchItem(): boolean {
    return /no such item/i.test(this.routerMessage);
  }

  /** An `add` that duplicates an existing entry (`failure: already have such entry`). */
  get isAlreadyExists(): boolean {
    return /already have|already exists/i.test(this.routerMessage);
  }
}

/** `!fatal`: the router closed the connection. Its reason stays in `reason` and `detail` (for the log). */
export class RouterOsFatalError extends RouterOsError {
  constructor(readonly reason: string) {
    super('routeros_fatal', 'El router cerró la conexión', reason);
  }
}

/** The connection ended (socket closed, or closed by us after another command's timeout). */
export class RouterOsClosedError extends RouterOsError {
  constructor(detail: string) {
    super('routeros_closed', 'Se perdió la conexión con el router antes de recibir la respuesta', detail);
  }
}

/** The byte stream or a reply made no sense (malformed length, missing fields). */
export class RouterOsProtocolError extends RouterOsError {
  constructor(detail: string) {
    super('routeros_protocol', 'El router envió una respuesta no válida', detail);
  }
}

/**
 * Writes the router's own words of a refusal (`!trap`, `!fatal`) to the server log, the only place they go:
 * the message people see is always our fixed Spanish text.
 */
export function logRouterWords(
  log: { warn(obj: object, msg: string): void } | undefined,
  err: unknown,
  context: object,
): void {
  if (err instanceof RouterOsTrapError || err instanceof RouterOsFatalError)
    log?.warn({ ...context, code: err.code, detail: err.detail }, 'the router answered an error');
}
