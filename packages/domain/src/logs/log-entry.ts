import { z } from '../zod';
import { jsonId, multilineText } from '../http/input';

export const MAX_LOG_LENGTH = 2000;

/** POST /api/registros (docs/api-contract.md "Customers and contracts"): idCliente (contract id), idcliente (display id, ignored), log1. */
export const logEntryInputSchema = z.object({
  idCliente: jsonId('Falta el cliente'),
  idcliente: z.unknown().optional().describe('Display id (ignored; the server uses the contract)'),
  log1: multilineText({ error: 'Escribe el registro' })
    .min(1, 'Escribe el registro')
    .max(MAX_LOG_LENGTH, `El registro: máximo ${MAX_LOG_LENGTH} caracteres`),
});
export type LogEntryInput = z.infer<typeof logEntryInputSchema>;

export const logEntrySchema = z.object({
  id: z.number().int(),
  idCliente: z.number().int(),
  idcliente: z.string(),
  log1: z.string(),
  usuario: z.string().nullable().describe('Who wrote it; null for system entries'),
  fechaCreacion: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
