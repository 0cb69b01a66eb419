import { z } from 'zod';
import { SERVICE_TYPES, serviceType } from '../catalog/service-types';
import { idSchema } from '../http/ids';
import { isValidIsoDate } from './business-days';

/** Added to the monthly amount to give the default installation cost (spec 000 section 9). */
export const INSTALLATION_EXTRA = 1000;
/** Largest monthly amount or installation cost accepted, in pesos (guards against typos). */
export const MAX_CONTRACT_AMOUNT = 100_000;

/** Monthly amount of a service type in pesos; undefined for an unknown type. */
export function monthlyAmountFor(tipo: number): number | undefined {
  return serviceType(tipo)?.monthly;
}

/** Default installation cost: the monthly amount plus 1000. */
export function defaultInstallationCost(monthly: number): number {
  return monthly + INSTALLATION_EXTRA;
}

/** The contract form starts with type 1, $300 a month and $1,300 installation. */
export const CONTRACT_FORM_DEFAULTS = {
  tipo: 1,
  monto: SERVICE_TYPES[0].monthly,
  costoInstalacion: defaultInstallationCost(SERVICE_TYPES[0].monthly),
} as const;

const MAC = /^([0-9A-F]{2}[:-]){5}[0-9A-F]{2}$/i;

const requiredText = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label}: máximo ${max} caracteres`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} debe ser texto` })
    .trim()
    .max(max, `${label}: máximo ${max} caracteres`)
    .default('');

const amount = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .refine(Number.isFinite, `${label} debe ser un número`)
    .min(0, `${label} debe ser 0 o mayor`)
    .max(MAX_CONTRACT_AMOUNT, `${label} no puede pasar de $${MAX_CONTRACT_AMOUNT.toLocaleString('es-MX')}`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label}: usa como máximo dos decimales`);

/**
 * The contract payload of POST and PUT /api/contratos (spec 000 section 7), checked field by field with
 * Spanish messages. `no` (the contract number) is accepted for compatibility but ignored: only
 * authorization assigns it. `version` is required on PUT to detect two people editing at once.
 */
export const contractInputSchema = z.object({
  idCliente: z.unknown().optional().describe('Ignorado (compatibilidad): el id va en la ruta'),
  nombre: requiredText('El nombre', 150, 'El nombre es obligatorio'),
  calle: requiredText('La calle', 150, 'La calle es obligatoria'),
  numero: optionalText('El número', 20),
  colonia: requiredText('La colonia', 120, 'La colonia es obligatoria'),
  comunidad: requiredText('La comunidad', 120, 'La comunidad es obligatoria'),
  estado: optionalText('El estado', 60).transform((v) => v || 'Hidalgo'),
  cp: optionalText('El código postal', 5).refine((v) => v === '' || /^\d{5}$/.test(v), 'El código postal debe tener 5 dígitos'),
  telefono: z
    .string({ error: 'El teléfono es obligatorio' })
    .trim()
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'El teléfono es obligatorio')
        .regex(/^(\+?52)?\d{10}$/, 'El teléfono debe tener 10 dígitos'),
    ),
  email: optionalText('El correo', 150).refine((v) => v === '' || z.email().safeParse(v).success, 'Correo inválido'),
  tipo: z.coerce
    .number({ error: 'Elige un tipo de servicio' })
    .int('Elige un tipo de servicio')
    .refine((v) => serviceType(v) !== undefined, 'Tipo de servicio desconocido'),
  no: z.unknown().optional().describe('Ignorado: el número de contrato lo asigna la autorización'),
  monto: amount('La mensualidad'),
  costoInstalacion: amount('El costo de instalación'),
  mac: optionalText('La MAC', 17)
    .refine((v) => v === '' || MAC.test(v), 'La MAC debe tener el formato AA:BB:CC:DD:EE:FF')
    .transform((v) => v.toUpperCase().replace(/-/g, ':')),
  fechaContratacion: z
    .string({ error: 'La fecha de contratación es obligatoria' })
    .trim()
    .transform((v) => v.slice(0, 10))
    .refine(isValidIsoDate, 'La fecha de contratación no es válida'),
  idGrupo: z.coerce.number({ error: 'El grupo debe ser un número' }).int('El grupo debe ser un número entero').min(0).max(1000).default(0),
  facturar: z.boolean({ error: 'Facturar debe ser sí o no' }).default(false),
  fechaAgenda: z.iso
    .datetime({ offset: true, error: 'La fecha de agenda no es válida' })
    .nullish()
    .transform((v) => v ?? null),
  version: z.coerce.number().int().positive().optional().describe('Versión leída; obligatoria al editar'),
});
export type ContractInput = z.infer<typeof contractInputSchema>;
export type ContractFormValues = z.input<typeof contractInputSchema>;

export const cancelContractSchema = z.object({
  motivo: z
    .string({ error: 'Escribe el motivo de la cancelación' })
    .trim()
    .min(5, 'Escribe el motivo de la cancelación (al menos 5 caracteres)')
    .max(500, 'El motivo: máximo 500 caracteres'),
});
export type CancelContract = z.infer<typeof cancelContractSchema>;

export const cutContractSchema = z
  .object({ nota: z.string().trim().max(500, 'La nota: máximo 500 caracteres').default('') })
  .default({ nota: '' });

/** A contract as GET /api/contratos/{id} returns it (spec 000 section 3 plus the panel's fields). */
export const contractSchema = z.object({
  id: z.number().int(),
  idcliente: z.string().describe('Display id'),
  numeroCliente: z.number().int().describe('Customer number (the record id)'),
  nombre: z.string(),
  calle: z.string(),
  numero: z.string(),
  colonia: z.string(),
  comunidad: z.string(),
  estado: z.string(),
  cp: z.string(),
  telefono: z.string(),
  email: z.string(),
  tipo: z.number().int(),
  tipoNombre: z.string(),
  no: z.number().int().describe('Contract number; 0 until authorized'),
  monto: z.number(),
  costoInstalacion: z.number(),
  mac: z.string(),
  fechaContratacion: z.string(),
  idGrupo: z.number().int(),
  cortado: z.boolean(),
  facturar: z.boolean(),
  fechaAgenda: z.string().nullable(),
  activo: z.boolean(),
  fechaCancelacion: z.string().nullable(),
  motivoCancelacion: z.string().nullable(),
  fechaFin: z.string().describe('Paid until (YYYY-MM-DD)'),
  saldoAFavor: z.number().describe('Credit balance: abonos and what exceeded whole months (less than one month)'),
  diasRetraso: z.number().int(),
  mesesRetraso: z.number().int(),
  fechaCorte: z.string().describe('Cut-off date: paid-until + 3 business days'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

/** Customer states the list can filter on. */
export const CUSTOMER_STATUS_FILTERS = ['todos', 'activos', 'suspendidos', 'retraso', 'sin-autorizar', 'cancelados'] as const;
export type CustomerStatusFilter = (typeof CUSTOMER_STATUS_FILTERS)[number];
export const CUSTOMER_STATUS_FILTER_LABELS: Record<CustomerStatusFilter, string> = {
  todos: 'Todos',
  activos: 'Al corriente',
  suspendidos: 'Suspendidos',
  retraso: 'Con retraso',
  'sin-autorizar': 'Sin autorizar',
  cancelados: 'Cancelados',
};

export const CUSTOMER_SORT_FIELDS = ['id', 'idcliente', 'nombre', 'comunidad', 'telefono', 'tipo', 'monto', 'fechaContratacion', 'diasRetraso'] as const;

/** GET /api/customer: paged on the server; `all=true` returns the whole (filtered) list. */
export const customerListQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página debe ser un número' }).int().min(0).default(0),
  pageSize: z.coerce.number({ error: 'El tamaño de página debe ser un número' }).int().min(1).max(100).default(10),
  sort: z.enum(CUSTOMER_SORT_FIELDS, { error: 'Orden desconocido' }).default('id'),
  dir: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).default('desc'),
  q: z.string().trim().max(200, 'La búsqueda: máximo 200 caracteres').optional(),
  estado: z.enum(CUSTOMER_STATUS_FILTERS, { error: 'Filtro de estado desconocido' }).default('todos'),
  tipo: z.coerce.number().int().min(1).max(8).optional(),
  comunidad: z.string().trim().max(120).optional(),
  all: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** A row of the customers list. */
export const customerListItemSchema = z.object({
  id: z.number().int(),
  idcliente: z.string(),
  nombre: z.string(),
  calle: z.string(),
  numero: z.string(),
  colonia: z.string(),
  comunidad: z.string(),
  telefono: z.string(),
  tipo: z.number().int(),
  monto: z.number(),
  no: z.number().int(),
  fechaContratacion: z.string(),
  cortado: z.boolean(),
  activo: z.boolean(),
  fechaFin: z.string(),
  diasRetraso: z.number().int(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/** Navbar search: top 20 matches. */
export const customerSearchQuerySchema = z.object({
  q: z.string({ error: 'Escribe qué buscar' }).trim().min(1, 'Escribe qué buscar').max(200, 'La búsqueda: máximo 200 caracteres'),
});
export const customerSearchResultSchema = z.object({
  id: z.number().int(),
  idcliente: z.string(),
  nombre: z.string(),
  direccion: z.string(),
  comunidad: z.string(),
  telefono: z.string(),
  cortado: z.boolean(),
  activo: z.boolean(),
});
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

/** Full address for headers and prints: 'Hidalgo 12, Centro, Tizayuca, Hidalgo, C.P. 43800'. */
export function fullAddress(c: Pick<Contract, 'calle' | 'numero' | 'colonia' | 'comunidad' | 'estado' | 'cp'>): string {
  const street = [c.calle, c.numero].filter(Boolean).join(' ');
  return [street, c.colonia, c.comunidad, c.estado, c.cp ? `C.P. ${c.cp}` : ''].filter(Boolean).join(', ');
}

/** Contract ids in request bodies (support tickets, logs, visits). */
export const contractIdSchema = idSchema;
