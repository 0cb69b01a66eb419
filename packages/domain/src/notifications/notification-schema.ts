import { z } from '../zod';
import { MAX_INT } from '../http/ids';
import { lineText, multilineText } from '../http/input';
import { INTERNAL_PATH } from './notification';

/** A notification as stored per recipient and pushed with ReceiveMessage (docs/api-contract.md "Notifications"). */
export const notificationSchema = z.object({
  id: z.string(),
  user: z.string().describe('Title shown in bold (the sender or the subject)'),
  message: z.string(),
  timestamp: z.string().describe('ISO date-time when it was created'),
  read: z.boolean(),
  readAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  url: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  bgColor: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

const text = (max: number, multiline = false) =>
  (multiline ? multilineText() : lineText()).min(1, 'Escribe un texto').max(max, `Máximo ${max} caracteres`);

/** What a sender provides; the server fills id, timestamps and read state. */
export const notificationInputSchema = z.object({
  user: text(120),
  message: text(1000, true),
  url: lineText().max(300).regex(INTERNAL_PATH, 'La liga debe ser una ruta interna que empiece con /').nullish(),
  customerId: z.number().int().positive().max(MAX_INT, 'Id inválido').nullish(),
  customerName: lineText().max(200).nullish(),
  color: lineText().max(30).nullish(),
  icon: lineText().max(40).nullish(),
  bgColor: lineText().max(30).nullish(),
});
export type NotificationInput = z.infer<typeof notificationInputSchema>;
