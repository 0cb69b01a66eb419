import { z } from '../zod';
import { pageQuerySchema } from '../http/errors';
import { jsonInt, lineText, multilineText } from '../http/input';
import { ACCOUNT_STATES, ONLINE_PAYMENT_MAX_MONTHS, ONLINE_PAYMENT_MIN_MONTHS } from './portal';
import { ONLINE_PAYMENT_STATES } from './online-payment';

/** The customer portal's requests and answers (docs/api-contract.md "Customer portal"). */

const contrato = lineText({ error: 'Escribe tu número de contrato' })
  .min(1, 'Escribe tu número de contrato')
  .max(200, 'El contrato: máximo 200 caracteres');

/** POST /api/portal/codigo. */
export const portalCodeInputSchema = z.object({
  contrato,
  telefono: lineText({ error: 'Escribe tu teléfono' })
    .min(1, 'Escribe tu teléfono')
    .max(30, 'El teléfono: máximo 30 caracteres'),
});
export type PortalCodeInput = z.infer<typeof portalCodeInputSchema>;

/** POST /api/portal/sesion. */
export const portalSessionInputSchema = z.object({
  contrato,
  codigo: lineText({ error: 'Escribe el código' }).regex(/^\d{6}$/, 'El código son 6 dígitos'),
});
export type PortalSessionInput = z.infer<typeof portalSessionInputSchema>;

export const portalMessageSchema = z.object({ message: z.string() });

export const portalSessionSchema = z.object({
  nombre: z.string(),
  expira: z.string().describe('When the portal session ends (ISO)'),
});

export const portalBankAccountSchema = z.object({ banco: z.string(), titular: z.string(), clabe: z.string() });

/** GET /api/portal/cuenta. */
export const portalAccountSchema = z.object({
  nombre: z.string(),
  direccion: z.string(),
  plan: z.object({
    nombre: z.string(),
    bajadaMbps: z
      .number()
      .nullable()
      .describe("The contract's plan speeds (Administración › Planes); null without a plan"),
    subidaMbps: z.number().nullable(),
  }),
  montoMensual: z.number(),
  pagadoHasta: z.string(),
  estado: z.enum(ACCOUNT_STATES),
  estadoTexto: z.string().describe("'Al corriente', 'Con retraso de N días', 'Servicio suspendido'"),
  diasRetraso: z.number().int(),
  fechaCorte: z.string(),
  saldoAFavor: z.number(),
  montoAPagar: z.number().describe('One month, plus the reconnection fee when cut, plus 16 % when invoiced'),
  cuentasBancarias: z.array(portalBankAccountSchema),
  pagoEnLinea: z.boolean().describe('Whether paying online is on'),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;

/** GET /api/portal/pagos (the customer's registered payments). */
export const portalPaymentSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  monto: z.number(),
  periodoInicio: z.string(),
  periodoFin: z.string(),
  idRecibo: z.number().int(),
});
export type PortalPayment = z.infer<typeof portalPaymentSchema>;

/** POST /api/portal/tickets. */
export const portalTicketInputSchema = z.object({
  asunto: lineText({ error: 'Escribe el asunto' })
    .min(1, 'Escribe el asunto')
    .max(150, 'El asunto: máximo 150 caracteres'),
  descripcion: multilineText({ error: 'Describe el problema' })
    .min(1, 'Describe el problema')
    .max(4000, 'La descripción: máximo 4000 caracteres'),
});
export type PortalTicketInput = z.infer<typeof portalTicketInputSchema>;

export const portalTicketSchema = z.object({
  id: z.number().int(),
  asunto: z.string(),
  estado: z.string(),
  fecha: z.string(),
});
export type PortalTicket = z.infer<typeof portalTicketSchema>;

/** POST /api/portal/pagos: only the months; the amount is computed on the server. */
export const onlinePaymentInputSchema = z.object({
  meses: jsonInt('Elige cuántos meses pagar (1 a 12)')
    .min(ONLINE_PAYMENT_MIN_MONTHS, 'Elige de 1 a 12 meses')
    .max(ONLINE_PAYMENT_MAX_MONTHS, 'Elige de 1 a 12 meses'),
});
export type OnlinePaymentInput = z.infer<typeof onlinePaymentInputSchema>;

export const onlinePaymentCreatedSchema = z.object({ id: z.string(), urlPago: z.string() });

/** GET /api/portal/pagos/{id}. */
export const onlinePaymentSchema = z.object({
  id: z.string(),
  estado: z.enum(ONLINE_PAYMENT_STATES),
  meses: z.number().int(),
  monto: z.number(),
  urlPago: z.string(),
  idPago: z.number().int().nullable().describe('Our payment, once registered'),
  idRecibo: z.number().int().nullable(),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** GET /api/pagos-en-linea (staff, level 16). */
export const onlinePaymentListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  estado: z.enum(ONLINE_PAYMENT_STATES, { error: 'Estado desconocido' }).optional(),
  idCliente: z
    .string()
    .regex(/^\d{1,10}$/, 'Cliente inválido')
    .transform(Number)
    .optional(),
});
export type OnlinePaymentListQuery = z.infer<typeof onlinePaymentListQuerySchema>;

export const onlinePaymentListItemSchema = z.object({
  id: z.string(),
  fecha: z.string(),
  idCliente: z.number().int(),
  idcliente: z.string().describe('Display id of the customer'),
  nombreCliente: z.string(),
  meses: z.number().int(),
  monto: z.number(),
  estado: z.enum(ONLINE_PAYMENT_STATES),
  idPagoMercadoPago: z.string().nullable(),
  idPago: z.number().int().nullable(),
  idRecibo: z.number().int().nullable(),
  marcado: z.boolean().describe('Refunded or charged back after it was registered: staff must review it'),
  motivoMarca: z.string().nullable(),
});
export type OnlinePaymentListItem = z.infer<typeof onlinePaymentListItemSchema>;

/** GET /api/pagos-en-linea/configuracion: secrets are never answered, only whether they are set. */
export const onlinePaymentSettingsSchema = z.object({
  activo: z.boolean(),
  publicKey: z.string(),
  accessTokenGuardado: z.boolean(),
  webhookSecretGuardado: z.boolean(),
  /** The environment's values win over the stored ones. */
  accessTokenDelEntorno: z.boolean(),
  webhookSecretDelEntorno: z.boolean(),
  urlPortal: z.string().describe('The portal address printed on receipts and reminders'),
});
export type OnlinePaymentSettings = z.infer<typeof onlinePaymentSettingsSchema>;

const secretInput = lineText()
  .max(300, 'Máximo 300 caracteres')
  .optional()
  .describe('Solo escritura: vacío u omitido conserva el guardado');

/** PUT /api/pagos-en-linea/configuracion. */
export const onlinePaymentSettingsInputSchema = z.object({
  activo: z.boolean({ error: 'Activo debe ser sí o no' }),
  publicKey: lineText().max(200, 'La clave pública: máximo 200 caracteres').default(''),
  accessToken: secretInput,
  webhookSecret: secretInput,
  urlPortal: lineText()
    .max(200, 'La dirección: máximo 200 caracteres')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v),
      'Escribe una dirección que empiece con http:// o https://',
    )
    .default(''),
});
export type OnlinePaymentSettingsInput = z.infer<typeof onlinePaymentSettingsInputSchema>;
