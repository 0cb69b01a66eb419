import { z } from '../zod';
import { isValidIsoDate } from '../customers/business-days';
import { formatDate, formatMoney, formatTime } from '../format/format';
import { lineText } from '../http/input';
import { validPhone } from '../whatsapp/phone';

/**
 * The owner's daily report (issue 15, part 4): income per cash office and bank, cash closes, cuts and
 * reconnections, radios and routers down; shown on a page and sent by WhatsApp at a chosen time.
 */

const money = z.number();

export const dailyReportSchema = z.object({
  fecha: z.string(),
  ingresos: z.object({
    tizayuca: money,
    pachuca: money,
    banco: money,
    total: money,
    cantidadPagos: z.number().int(),
    porCuenta: z.array(
      z.object({ cuenta: z.string(), grupo: z.string(), monto: money, cantidadPagos: z.number().int() }),
    ),
  }),
  cortesCaja: z.array(
    z.object({
      cuenta: z.string(),
      esperado: money,
      contado: money,
      diferencia: money,
      cerradoPor: z.string().nullable(),
      cerradoEn: z.string(),
    }),
  ),
  cortes: z.array(z.object({ idContrato: z.number().int(), nombre: z.string(), hora: z.string() })),
  reconexiones: z.array(
    z.object({
      idContrato: z.number().int(),
      nombre: z.string(),
      hora: z.string(),
      porPago: z.boolean().describe('La reconectó un pago de reconexión (no Reconectar)'),
    }),
  ),
  deshechas: z
    .array(
      z.object({
        idEjecucion: z.number().int(),
        fecha: z.string().describe('Día de la ejecución deshecha'),
        hora: z.string(),
        reconectados: z.number().int(),
      }),
    )
    .describe('Cortes programados deshechos este día: sus reconexiones no cuentan como reconexiones'),
  radiosCaidos: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      ip: z.string(),
      ultimaVez: z.string().nullable(),
      error: z.string(),
    }),
  ),
  routersCaidos: z.array(
    z.object({ id: z.number().int(), nombre: z.string(), ultimaVez: z.string().nullable(), error: z.string() }),
  ),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

/** How many names a WhatsApp report lists per section before '… y N más'. */
export const REPORT_LIST_LIMIT = 5;

function names(items: ReadonlyArray<{ nombre: string }>): string {
  const shown = items.slice(0, REPORT_LIST_LIMIT).map((i) => i.nombre);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} y ${more} más` : shown.join(', ');
}

/** The report as a WhatsApp text: short lines, readable on a phone. */
export function dailyReportText(r: DailyReport, tz?: string): string {
  const lines = [
    `*AirLink · Reporte del ${formatDate(r.fecha)}*`,
    '',
    `*Ingresos: ${formatMoney(r.ingresos.total)}* (${r.ingresos.cantidadPagos} ${r.ingresos.cantidadPagos === 1 ? 'pago' : 'pagos'})`,
    `• Efectivo Tizayuca: ${formatMoney(r.ingresos.tizayuca)}`,
    `• Efectivo Pachuca: ${formatMoney(r.ingresos.pachuca)}`,
    `• Bancos: ${formatMoney(r.ingresos.banco)}`,
  ];
  for (const c of r.ingresos.porCuenta.filter((a) => a.grupo === 'banco' && a.monto !== 0))
    lines.push(`   – ${c.cuenta}: ${formatMoney(c.monto)}`);
  lines.push('', '*Cortes de caja*');
  if (r.cortesCaja.length === 0) lines.push('• Ninguna caja cerrada');
  for (const c of r.cortesCaja) {
    const diff = c.diferencia === 0 ? 'sin diferencia' : `diferencia ${formatMoney(c.diferencia)}`;
    lines.push(
      `• ${c.cuenta}: contado ${formatMoney(c.contado)}, ${diff}${c.cerradoPor ? ` (${c.cerradoPor}, ${formatTime(c.cerradoEn, tz)})` : ''}`,
    );
  }
  lines.push('', '*Servicio*');
  lines.push(`• Cortes: ${r.cortes.length}${r.cortes.length ? ` (${names(r.cortes)})` : ''}`);
  lines.push(`• Reconexiones: ${r.reconexiones.length}${r.reconexiones.length ? ` (${names(r.reconexiones)})` : ''}`);
  const byPayment = r.reconexiones.filter((c) => c.porPago).length;
  if (byPayment > 0) lines.push(`   – por pago de reconexión: ${byPayment}`);
  for (const d of r.deshechas)
    lines.push(
      `• Corte programado del ${formatDate(d.fecha)} deshecho: ${d.reconectados} ${d.reconectados === 1 ? 'reconectado' : 'reconectados'}`,
    );
  lines.push('', '*Red*');
  lines.push(`• Radios caídos: ${r.radiosCaidos.length}${r.radiosCaidos.length ? ` (${names(r.radiosCaidos)})` : ''}`);
  lines.push(
    `• Routers caídos: ${r.routersCaidos.length}${r.routersCaidos.length ? ` (${names(r.routersCaidos)})` : ''}`,
  );
  return lines.join('\n');
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const dailyReportSettingsSchema = z.object({
  activo: z.boolean().describe('Se envía el reporte cada día'),
  telefono: z.string().describe('WhatsApp del dueño (normalizado, 52…)'),
  hora: z.string().describe("Hora del envío, 'HH:MM' (hora del negocio)"),
  instancia: z.string().describe('Instancia de WhatsApp que envía'),
});
export type DailyReportSettings = z.infer<typeof dailyReportSettingsSchema>;

export const DEFAULT_DAILY_REPORT_SETTINGS: DailyReportSettings = {
  activo: false,
  telefono: '',
  hora: '20:30',
  instancia: '',
};

export const dailyReportSettingsInputSchema = z
  .strictObject({
    activo: z.boolean({ error: 'Indica si el reporte diario está activo' }),
    telefono: lineText({ error: 'Escribe el WhatsApp del dueño' })
      .max(30, 'El número de WhatsApp no es válido')
      .refine(
        (v) => v === '' || validPhone(v) !== null,
        'El número de WhatsApp no es válido (10 dígitos o con lada de país)',
      )
      .transform((v) => (v === '' ? '' : validPhone(v)!)),
    hora: z
      .string({ error: 'Escribe la hora del envío (HH:MM)' })
      .trim()
      .regex(TIME, 'La hora del envío no es válida (HH:MM, de 00:00 a 23:59)'),
    instancia: lineText({ error: 'Elige la instancia de WhatsApp' }).max(60, 'Elige la instancia de WhatsApp'),
  })
  .superRefine((v, ctx) => {
    if (v.activo && !v.telefono)
      ctx.addIssue({
        code: 'custom',
        path: ['telefono'],
        message: 'Escribe el WhatsApp del dueño para activar el reporte',
      });
    if (v.activo && !v.instancia)
      ctx.addIssue({ code: 'custom', path: ['instancia'], message: 'Elige la instancia que envía el reporte' });
  });
export type DailyReportSettingsInput = z.input<typeof dailyReportSettingsInputSchema>;

export const dailyReportQuerySchema = z.strictObject({
  fecha: z
    .string()
    .trim()
    .refine(isValidIsoDate, 'La fecha no es válida (AAAA-MM-DD)')
    .optional()
    .describe('Día del reporte; por omisión, hoy'),
});

export const DAILY_REPORT_SEND_STATES = ['enviando', 'enviado', 'fallido'] as const;

export const dailyReportSendSchema = z.object({
  fecha: z.string(),
  estado: z.enum(DAILY_REPORT_SEND_STATES),
  intentos: z.number().int(),
  error: z.string().nullable(),
  enviado: z.string().nullable(),
});
export type DailyReportSend = z.infer<typeof dailyReportSendSchema>;
