import { z } from '../zod';
import { lineText, multilineText } from '../http/input';

/** Company data printed on contracts and receipts (settings key 'company'). */
export const companySchema = z.object({
  nombreComercial: z.string(),
  razonSocial: z.string(),
  rfc: z.string(),
  direccion: z.string(),
  telefonos: z.array(z.string()),
  whatsapp: z.string(),
  email: z.string(),
  sitioWeb: z.string(),
  horario: z.string(),
  oficinas: z.array(
    z.object({ nombre: z.string(), direccion: z.string(), telefono: z.string(), idCuenta: z.number().int() }),
  ),
  cuentasBancarias: z.array(z.object({ banco: z.string(), titular: z.string(), clabe: z.string() })),
  leyendaRecibo: z.string(),
  /** The logo as a data URL (PNG, JPEG or WebP), or '' when there is none. */
  logo: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** RFC of a company (3 letters) or a person (4 letters), date of birth or incorporation, 3-character homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;
const PHONE_PATTERN = /^[0-9 +()-]{7,20}$/;
/** A logo of up to 300 KB once decoded: base64 takes 4 characters for every 3 bytes. */
export const MAX_LOGO_BYTES = 300 * 1024;
const LOGO_PATTERN = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;
export const LOGO_MESSAGE = 'El logotipo debe ser una imagen PNG, JPG o WebP de hasta 300 KB';
export const MAX_PHONES = 5;

const text = (label: string, max: number) =>
  lineText({ error: `${label} debe ser texto` }).max(max, `${label} admite hasta ${max} caracteres`);
const required = (missing: string, label: string, max: number) => text(label, max).min(1, missing);
const phone = lineText({ error: 'Escribe el teléfono' }).refine(
  (v) => PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7,
  'Teléfono inválido: de 7 a 20 caracteres, con dígitos, espacios, guiones o paréntesis',
);

/**
 * PUT /api/empresa: the company data Administración edits. Offices and bank accounts, which the page does
 * not edit, keep their stored value when absent.
 */
export const companyInputSchema = z.strictObject({
  nombreComercial: required('Escribe el nombre comercial', 'El nombre comercial', 100),
  razonSocial: text('La razón social', 200).default(''),
  rfc: lineText({ error: 'Escribe el RFC' })
    .transform((v) => v.toUpperCase())
    .refine((v) => RFC_PATTERN.test(v), 'RFC inválido: 12 o 13 caracteres, como ATI150312KX4'),
  direccion: required('Escribe la dirección', 'La dirección', 300),
  telefonos: z
    .array(phone, { error: 'Los teléfonos deben ser una lista' })
    .min(1, 'Escribe al menos un teléfono')
    .max(MAX_PHONES, `Se admiten hasta ${MAX_PHONES} teléfonos`),
  whatsapp: text('El WhatsApp', 30)
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'WhatsApp inválido: escribe un teléfono')
    .default(''),
  email: text('El correo', 150)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Correo inválido')
    .default(''),
  sitioWeb: text('El sitio web', 200).default(''),
  horario: text('El horario', 200).default(''),
  leyendaRecibo: multilineText({ error: 'La leyenda debe ser texto' })
    .max(300, 'La leyenda del recibo admite hasta 300 caracteres')
    .default(''),
  logo: z
    .string({ error: LOGO_MESSAGE })
    .refine(
      (v) => v === '' || (LOGO_PATTERN.test(v) && ((v.length - v.indexOf(',') - 1) * 3) / 4 <= MAX_LOGO_BYTES),
      LOGO_MESSAGE,
    )
    .default(''),
  oficinas: companySchema.shape.oficinas.optional(),
  cuentasBancarias: companySchema.shape.cuentasBancarias.optional(),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/** One of the company's bank accounts. */
export type CompanyBankAccount = Company['cuentasBancarias'][number];

/**
 * An account written out for a customer who deposits ('BBVA, CLABE 012 290 …, a nombre de AirLink SA de CV'): what
 * the payment reminders' {cuenta} offers from the company data. Parts left blank are left out.
 */
export function bankAccountText(account: CompanyBankAccount): string {
  return [
    account.banco.trim(),
    account.clabe.trim() && `CLABE ${account.clabe.trim()}`,
    account.titular.trim() && `a nombre de ${account.titular.trim()}`,
  ]
    .filter(Boolean)
    .join(', ');
}
