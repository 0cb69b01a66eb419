import { z } from '../zod';
import { accountGroupOf, isBankAccount } from '../catalog/accounts';
import { accountGroupSchema } from '../catalog/accounts-schema';
import { pageQuerySchema } from '../http/errors';
import { idSchema } from '../http/ids';
import {
  dateInput,
  INVALID_TEXT_MESSAGE,
  isSafeText,
  jsonId,
  jsonInt,
  lineText,
  moneyInput,
  multilineText,
  queryInt,
} from '../http/input';
import { MAX_PAYMENT_AMOUNT, paymentBase } from './amount';

/**
 * POST /api/Pagos/registrar (docs/api-contract.md "Money"). The server computes the period, receipt and date;
 * fechaPago, fechaInicio, fechaFinalizacion and guid sent by old clients are ignored. Send an
 * `Idempotency-Key` header: a repeat returns the first result and creates nothing.
 */
export const paymentInputSchema = z
  .object({
    idCliente: jsonId('Falta el cliente'),
    monto: moneyInput('El monto', {
      positive: true,
      max: MAX_PAYMENT_AMOUNT,
      maxMessage: `El monto no puede pasar de $${MAX_PAYMENT_AMOUNT.toLocaleString('es-MX')}`,
    }),
    idCuenta: jsonInt('Elige el lugar de pago').refine(
      (v) => accountGroupOf(v) !== undefined,
      'Lugar de pago desconocido',
    ),
    referencia: lineText().max(120, 'La referencia: máximo 120 caracteres').default(''),
    nota: multilineText().max(500, 'La nota: máximo 500 caracteres').default(''),
    reconexion: z.boolean({ error: 'Reconexión debe ser sí o no' }).default(false),
    facturar: z.boolean({ error: 'Facturar debe ser sí o no' }).default(false),
    abono: z
      .boolean({ error: 'Abono debe ser sí o no' })
      .default(false)
      .describe('Pago parcial: un monto menor a la mensualidad se suma al saldo a favor (sin él se rechaza)'),
    idMovimientoFinanciero: idSchema.nullish().transform((v) => v ?? null),
    confirmarDiferencia: z
      .boolean({ error: 'Confirmar diferencia debe ser sí o no' })
      .default(false)
      .describe('Registrar aunque el depósito bancario ligado sea de otro monto (sin él: 409 deposit_amount_mismatch)'),
    fechaPago: z.unknown().optional().describe('Ignorado: la fecha la pone el servidor'),
    fechaInicio: z.unknown().optional().describe('Ignorado: el periodo lo calcula el servidor'),
    fechaFinalizacion: z.unknown().optional().describe('Ignorado: el periodo lo calcula el servidor'),
    guid: z.unknown().optional().describe('Ignorado: el servidor genera el guid'),
  })
  .refine((p) => paymentBase(p.monto, p.reconexion, p.facturar) > 0, {
    message: 'El monto no alcanza a cubrir la reconexión y el IVA',
    path: ['monto'],
  });
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export type PaymentFormValues = z.input<typeof paymentInputSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MISSING =
  'Falta la cabecera Idempotency-Key: cada intento de pago lleva una clave única (8 a 100 caracteres).';
/** Required on POST /api/Pagos/registrar (400 without it). */
export const idempotencyKeySchema = z
  .string({ error: (issue) => (issue.input === undefined ? IDEMPOTENCY_KEY_MISSING : 'Idempotency-Key inválida') })
  .trim()
  .min(8, 'Idempotency-Key inválida')
  .max(100, 'Idempotency-Key inválida')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Idempotency-Key inválida');

/** What registering returns: the payment with its receipt. `guid` opens /print/receipt/{guid}. */
export const paymentResultSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  reciboId: z.number().int(),
  idCliente: z.number().int(),
  fechaPago: z.string(),
  fechaInicio: z.string(),
  fechaFinalizacion: z.string(),
  monto: z.number(),
  montoBase: z.number(),
  mesesCubiertos: z
    .number()
    .int()
    .describe(
      '0 for an abono that completes no month: then fechaFinalizacion is paid-until and fechaInicio the day after',
    ),
  idCuenta: z.number().int(),
  referencia: z.string(),
  nota: z.string(),
  reconexion: z.boolean(),
  facturar: z.boolean(),
  abono: z.boolean().describe('Partial payment: its base was below one month'),
  saldoAFavor: z.number().describe("The contract's credit balance after this payment"),
  idMovimientoFinanciero: z.number().int().nullable(),
  repetido: z.boolean().describe('true when this answers a repeated Idempotency-Key'),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** A receipt (docs/api-contract.md "Money") with what the print view needs. */
export const receiptSchema = z.object({
  id: z.number().int().describe('Receipt number'),
  clienteId: z.number().int(),
  guid: z.string(),
  idcliente: z.string().describe('Display id of the customer'),
  nombre: z.string(),
  direccion: z.string(),
  colonia: z.string(),
  comunidad: z.string(),
  monto: z.number(),
  montoLetra: z.string(),
  montoContrato: z.number(),
  fechaPago: z.string(),
  fechaInicio: z.string(),
  fechaFinalizacion: z.string(),
  idCuenta: z.number().int(),
  cuenta: z.string(),
  referencia: z.string(),
  nota: z.string(),
  reconexion: z.boolean(),
  facturar: z.boolean(),
  abono: z.boolean().describe('Partial payment'),
  mesesCubiertos: z.number().int().describe('0: an abono that completes no month (no period)'),
  saldoAFavor: z.number().describe("The contract's credit balance after this payment"),
  cajero: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * GET /api/recibos/{id}: the receipt with the portal's address it prints ('Paga en línea: …'), '' while customers
 * cannot pay online or no address is set (docs/decisions.md, issue 24).
 */
export const receiptDetailSchema = receiptSchema.extend({
  urlPortal: z.string().describe("The customer portal's address to pay online, or '' (online payments off)"),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

/** GET /api/recibos: paged, newest first; filter by business date range, account group or account, search. */
export const receiptListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  desde: dateInput('Fecha inicial inválida').optional(),
  hasta: dateInput('Fecha final inválida').optional(),
  grupo: accountGroupSchema.optional(),
  idCuenta: queryInt('Cuenta inválida', { min: 1 }).optional(),
  q: lineText().max(200).optional(),
});
export type ReceiptListQuery = z.infer<typeof receiptListQuerySchema>;

/** GET /api/recibos/reconexiones (docs/api-contract.md "Money"). */
export const reconnectionItemSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  clienteId: z.number().int(),
  fechaRecibo: z.string(),
  nombreCliente: z.string(),
  montoRecibo: z.number(),
  montoContrato: z.number(),
  diferencia: z.number(),
});
export type ReconnectionItem = z.infer<typeof reconnectionItemSchema>;

/** A pending bank movement (docs/api-contract.md "Money"): not yet used by any payment. */
export const pendingMovementSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  fechaRealizacion: z.string(),
  monto: z.number(),
  idCuenta: z.number().int(),
  cuenta: z.string(),
  descripcion: z.string(),
});
export type PendingMovement = z.infer<typeof pendingMovementSchema>;

/** The payment reference autocomplete starts after more than 2 characters (docs/business-rules.md "Screens"). */
export const REFERENCE_AUTOCOMPLETE_MIN_CHARS = 3;
/** Pending movements are refreshed in the web every 15 minutes (docs/business-rules.md "Screens"). */
export const PENDING_PAYMENTS_REFRESH_MS = 15 * 60 * 1000;

export const pendingMovementsQuerySchema = z.object({
  q: lineText().max(120).optional().describe('Reference contains (case-insensitive)'),
  idCuenta: queryInt('Cuenta inválida', { min: 1 }).optional(),
  limit: queryInt('El límite va de 1 a 500', { min: 1, max: 500 }).default(200),
});

/** A column name of the CSV, as the preview listed it (not trimmed: it must match the header). */
const column = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(200)
    .refine((v) => isSafeText(v), INVALID_TEXT_MESSAGE);

/** Statement import: the CSV text and the account; with a mapping it imports, without it previews. */
export const statementMappingSchema = z.object({
  fecha: column('Elige la columna de la fecha'),
  monto: column('Elige la columna del monto'),
  referencia: column('Elige la columna de la referencia'),
  descripcion: z
    .string()
    .max(200)
    .refine((v) => isSafeText(v), INVALID_TEXT_MESSAGE)
    .nullish(),
});
export const MAX_STATEMENT_BYTES = 2_000_000;
export const statementImportSchema = z.object({
  idCuenta: jsonInt('Elige la cuenta bancaria').refine(isBankAccount, 'Elige una cuenta bancaria'),
  csv: z
    .string({ error: 'Falta el archivo' })
    .min(1, 'El archivo está vacío')
    .max(MAX_STATEMENT_BYTES, 'El archivo es demasiado grande (máximo 2 MB)'),
  mapping: statementMappingSchema.optional(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const statementRowReportSchema = z.object({
  fila: z.number().int().describe('Line number in the file (1 = header)'),
  estado: z.enum(['nuevo', 'duplicado', 'omitido', 'error']),
  fechaRealizacion: z.string().nullable(),
  monto: z.number().nullable(),
  referencia: z.string().nullable(),
  descripcion: z.string().nullable(),
  mensajes: z.array(z.string()),
});
export const statementPreviewSchema = z.object({
  columnas: z.array(z.string()),
  mapeoSugerido: statementMappingSchema.partial(),
  filas: z
    .array(statementRowReportSchema)
    .describe('Every row when a mapping was given, else the first 20 raw rows normalised with the suggested mapping'),
  nuevos: z.number().int(),
  duplicados: z.number().int(),
  omitidos: z.number().int(),
  errores: z.number().int(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;
export const statementImportResultSchema = z.object({
  importados: z.number().int(),
  duplicados: z.number().int(),
  omitidos: z.number().int(),
  lote: z.string(),
});
