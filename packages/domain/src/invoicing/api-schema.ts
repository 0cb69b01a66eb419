import { pageQuerySchema } from '../http/errors';
import { z } from '../zod';
import { MOTIVOS_CANCELACION } from './catalogs';
import { isInvoicePeriod } from './global';
import { INVOICE_STATES } from './status';

const periodSchema = z
  .string({ error: 'El periodo es obligatorio (AAAA-MM)' })
  .refine(isInvoicePeriod, 'El periodo debe ser AAAA-MM, por ejemplo 2026-11');

/** A contract's fiscal data as GET/PUT /api/contratos/{id}/datos-fiscales answer it (checked on input by fiscal-data-schema). */
export const fiscalDataAnswerSchema = z.object({
  rfc: z.string(),
  razonSocial: z.string(),
  regimenFiscal: z.string(),
  codigoPostal: z.string(),
  usoCfdi: z.string(),
  email: z.string().nullable(),
});

/** An invoice as the API answers it (docs/api-contract.md "Facturación"). */
export const invoiceSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(['pago', 'global']),
  idPago: z.number().int().nullable(),
  idContrato: z.number().int().nullable(),
  nombre: z.string().nullable(),
  periodo: z.string().nullable(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  uuid: z.string().nullable(),
  fecha: z.string().nullable(),
  total: z.number(),
  estado: z.enum(INVOICE_STATES),
  motivo: z.string().nullable(),
  motivoCancelacion: z.string().nullable(),
  sustituyeA: z.number().int().nullable(),
  sustituta: z.number().int().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true }).extend({
  estado: z.enum(INVOICE_STATES, { error: 'Estado de factura desconocido' }).optional(),
  periodo: periodSchema.optional(),
  idContrato: z.coerce.number({ error: 'El contrato debe ser un número' }).int().positive().optional(),
});

export const invoiceTotalsSchema = z.object({
  periodo: z.string(),
  porEstado: z.array(z.object({ estado: z.enum(INVOICE_STATES), facturas: z.number().int(), total: z.number() })),
});

export const invoicePaymentInputSchema = z.strictObject({
  idPago: z.number({ error: 'Indica el pago' }).int().positive('Indica el pago'),
});

const motivoKeys = Object.keys(MOTIVOS_CANCELACION) as [
  keyof typeof MOTIVOS_CANCELACION,
  ...(keyof typeof MOTIVOS_CANCELACION)[],
];

export const invoiceCancelInputSchema = z.strictObject({
  motivo: z.enum(motivoKeys, { error: 'El motivo de cancelación es 01, 02, 03 o 04' }),
  /** Motive 01: an existing valid invoice of ours that replaces it; without it the replacement is issued. */
  sustituta: z.number({ error: 'La factura sustituta debe ser un número' }).int().positive().optional(),
});

export const globalInvoiceInputSchema = z.strictObject({ periodo: periodSchema });
export const globalPreviewQuerySchema = z.object({ periodo: periodSchema });
export const globalPreviewSchema = z.object({
  periodo: z.string(),
  total: z.number(),
  pagos: z.number().int(),
  emitida: z.boolean(),
  fechaEmision: z.string(),
});

export const invoicingSettingsSchema = z.object({
  activa: z.boolean(),
  automatica: z.boolean(),
  serie: z.string(),
  serieGlobal: z.string(),
  claveProducto: z.string(),
  claveUnidad: z.string(),
  codigoPostal: z.string(),
  /** Whether a PAC key is set (never the key). */
  llaveConfigurada: z.boolean(),
  /** The key comes from FACTURAPI_KEY and cannot be changed here. */
  llaveDeEntorno: z.boolean(),
});

const serie = (label: string) =>
  z
    .string({ error: `${label} es obligatoria` })
    .trim()
    .regex(/^[A-Z0-9]{1,25}$/, `${label}: letras mayúsculas y dígitos, hasta 25`);

export const invoicingSettingsInputSchema = z.strictObject({
  activa: z.boolean({ error: 'Activa debe ser sí o no' }),
  automatica: z.boolean({ error: 'Automática debe ser sí o no' }),
  serie: serie('La serie'),
  serieGlobal: serie('La serie de la factura global'),
  claveProducto: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'La clave de producto del SAT son 8 dígitos'),
  claveUnidad: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,3}$/, 'La clave de unidad del SAT son 2 o 3 letras o dígitos (E48)'),
  codigoPostal: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'El código postal fiscal de la empresa son 5 dígitos'),
  /** Write-only: a new key; absent keeps the stored one, '' removes it. */
  llave: z.string().trim().max(200, 'La llave admite a lo más 200 caracteres').optional(),
});
export type InvoicingSettingsInput = z.infer<typeof invoicingSettingsInputSchema>;
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
