import { z } from '../zod';
import { formatDate } from '../format/format';
import { lineText } from '../http/input';
import { validPhone } from '../whatsapp/phone';
import { whatsappMessageSchema } from '../whatsapp/schemas';
import type { Receipt } from './payment';

/** The receipt number as printed: 'No. 000123'. */
export const receiptNumber = (id: number) => `No. ${String(id).padStart(6, '0')}`;

/** The period a receipt covers, as printed (an abono that completes no month has none). */
export function receiptPeriodText(r: Pick<Receipt, 'mesesCubiertos' | 'fechaInicio' | 'fechaFinalizacion'>): string {
  return r.mesesCubiertos > 0
    ? `del ${formatDate(r.fechaInicio)} al ${formatDate(r.fechaFinalizacion)}`
    : `Sin periodo: abono a cuenta (pagado hasta el ${formatDate(r.fechaFinalizacion)})`;
}

/** The customer's address on one line. */
export function receiptAddress(r: Pick<Receipt, 'direccion' | 'colonia' | 'comunidad'>): string {
  return [r.direccion, r.colonia, r.comunidad].filter(Boolean).join(', ');
}

/** The file name of a receipt sent or downloaded: 'recibo-000123.pdf'. */
export const receiptFileName = (id: number) => `recibo-${String(id).padStart(6, '0')}.pdf`;

/** POST /api/recibos/{id}/whatsapp: by default the contract's phone and the Cobranza instance. */
export const receiptSendInputSchema = z.strictObject({
  telefono: lineText({ error: 'Escribe el número de WhatsApp' })
    .max(30, 'El número de WhatsApp no es válido')
    .refine((v) => validPhone(v) !== null, 'El número de WhatsApp no es válido (10 dígitos o con lada de país)')
    .optional(),
  instancia: lineText({ error: 'Elige la instancia de WhatsApp' }).max(60, 'Elige la instancia de WhatsApp').optional(),
});
export type ReceiptSendInput = z.input<typeof receiptSendInputSchema>;

export const receiptSentSchema = z.object({ message: whatsappMessageSchema, telefono: z.string() });
