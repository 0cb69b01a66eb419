/** Every failure of the Evolution API client: a stable `code` and a Spanish `message` a person can act on. */
export type EvolutionErrorCode =
  | 'evolution_unauthorized'
  | 'evolution_instance_not_found'
  | 'evolution_not_connected'
  | 'evolution_no_session'
  | 'evolution_number_not_on_whatsapp'
  | 'evolution_bad_request'
  | 'evolution_operation_failed'
  | 'evolution_server_error'
  | 'evolution_timeout'
  | 'evolution_unreachable'
  | 'evolution_malformed';

export class EvolutionError extends Error {
  constructor(
    readonly code: EvolutionErrorCode,
    message: string,
    /** HTTP status Evolution answered, when it answered. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EvolutionError';
  }
}

/** 401: the global key or the instance key is wrong or missing. */
export class EvolutionUnauthorizedError extends EvolutionError {
  constructor() {
    super('evolution_unauthorized', 'Evolution API rechazó la clave (apikey) configurada para esta instancia', 401);
  }
}

/** 404 `The "x" instance does not exist`. */
export class EvolutionInstanceNotFoundError extends EvolutionError {
  constructor(readonly instance: string) {
    super('evolution_instance_not_found', `Instancia no encontrada en Evolution API: ${instance}`, 404);
  }
}

/** The instance is not linked to WhatsApp right now (docs/whatsapp.md "Errors" text). */
export class EvolutionNotConnectedError extends EvolutionError {
  constructor(
    readonly state: string | null,
    status: number | null = null,
  ) {
    super('evolution_not_connected', `La instancia no está conectada. Estado: ${state || 'desconocido'}`, status);
  }
}

/** The Signal library's "No sessions" (docs/whatsapp.md "Errors" text). */
export class EvolutionNoSessionError extends EvolutionError {
  constructor(status: number | null) {
    super(
      'evolution_no_session',
      'Error de sesión: La instancia no tiene una sesión activa de WhatsApp. Intenta reiniciar la instancia.',
      status,
    );
  }
}

export class EvolutionNumberNotOnWhatsappError extends EvolutionError {
  constructor(readonly number: string) {
    super('evolution_number_not_on_whatsapp', `El número ${number} no tiene WhatsApp`, 400);
  }
}

/**
 * Other 4xx. The provider's own words stay in `detail` for the server log; the message (which may reach a
 * person) is fixed text and the status, never a remote system's body.
 */
export class EvolutionBadRequestError extends EvolutionError {
  constructor(
    status: number,
    readonly detail: string,
  ) {
    super('evolution_bad_request', `Evolution API rechazó la solicitud (${status})`, status);
  }
}

/** `connect` and `restart` answer 200 `{ error: true, message }` when they fail. */
export class EvolutionOperationError extends EvolutionError {
  constructor(
    readonly operation: 'connect' | 'restart',
    readonly detail: string,
  ) {
    // `detail` (Evolution's words) is for the log only.
    const what = operation === 'connect' ? 'Error al conectar la instancia' : 'Error al reiniciar la instancia';
    super('evolution_operation_failed', what, 200);
  }
}

export class EvolutionServerError extends EvolutionError {
  constructor(
    status: number,
    readonly detail: string,
  ) {
    // `detail` (Evolution's words) is for the log only.
    super('evolution_server_error', `Evolution API respondió con un error (${status})`, status);
  }
}

export class EvolutionTimeoutError extends EvolutionError {
  constructor(readonly timeoutMs: number) {
    super('evolution_timeout', `Evolution API no respondió en ${Math.round(timeoutMs / 100) / 10} s`);
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada',
  ECONNRESET: 'el servidor cerró la conexión',
  EHOSTUNREACH: 'servidor inalcanzable',
  ENETUNREACH: 'red inalcanzable',
  ENOTFOUND: 'nombre de servidor desconocido',
  EAI_AGAIN: 'no se pudo resolver el nombre del servidor',
  UND_ERR_SOCKET: 'el servidor cerró la conexión',
};

export class EvolutionUnreachableError extends EvolutionError {
  constructor(
    readonly target: string,
    readonly reason: string | undefined,
    cause?: unknown,
  ) {
    const why =
      (reason && NETWORK_REASONS[reason]) || (reason && /CERT|TLS|SSL/.test(reason) ? 'error de TLS' : 'error de red');
    super('evolution_unreachable', `No se pudo conectar con Evolution API (${target}): ${why}`, null, { cause });
  }
}

export class EvolutionMalformedError extends EvolutionError {
  constructor(status: number | null) {
    super('evolution_malformed', 'Evolution API respondió datos que no se pueden leer', status);
  }
}
