import type { ApiError, ApiErrorCode } from '@airlink/domain';

/**
 * An error the API answers with its own status, code and Spanish message (docs/api-contract.md). The code is
 * one of the domain's API_ERROR_CODES, the list the web compares against.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, string[]>) =>
  new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'No se encontró el recurso solicitado.') => new AppError(404, 'not_found', message);
export const conflict = (code: ApiErrorCode, message: string, details?: Record<string, string[]>) =>
  new AppError(409, code, message, details);

/** The JSON body of an error answer sent without throwing (hooks, framework errors): a typed code. */
export function errorBody(code: ApiErrorCode, message: string, details?: Record<string, string[]>): ApiError {
  return details ? { error: code, message, details } : { error: code, message };
}
