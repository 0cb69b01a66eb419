/** An error the API answers with its own status, code and Spanish message (DESIGN.md section 4). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
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
export const conflict = (code: string, message: string, details?: Record<string, string[]>) =>
  new AppError(409, code, message, details);
