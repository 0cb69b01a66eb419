import { z } from 'zod';

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
});
export type Company = z.infer<typeof companySchema>;
