import { z } from '../zod';
import { checkFiscalData, type FiscalData } from './fiscal-data';

const text = (label: string, max: number) =>
  z.string({ error: `${label} es obligatorio` }).max(max, `${label} admite a lo más ${max} caracteres`);

/** `PUT /api/contratos/{id}/datos-fiscales`: every field checked, normalized values out. */
export const fiscalDataSchema = z
  .strictObject({
    rfc: text('El RFC', 20),
    razonSocial: text('El nombre o razón social', 300),
    regimenFiscal: text('El régimen fiscal', 3),
    codigoPostal: text('El código postal fiscal', 10),
    usoCfdi: text('El uso del CFDI', 4),
    email: z.string().max(254, 'El correo admite a lo más 254 caracteres').nullish(),
  })
  .transform((input, ctx): FiscalData => {
    const { value, errors } = checkFiscalData({ ...input, email: input.email ?? null });
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    return value;
  });
