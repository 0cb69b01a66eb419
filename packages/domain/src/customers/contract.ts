import { z } from '../zod';
import { SERVICE_TYPES, serviceType } from '../catalog/service-types';
import { idSchema } from '../http/ids';
import { pageQuerySchema } from '../http/errors';
import { dateTimeInput, jsonId, jsonInt, lineText, moneyInput, multilineText, queryInt } from '../http/input';
import { IPV4_INVALID_MESSAGE, isIpv4 } from '../network/ip';
import { optionalMacInput } from '../network/mac';
import { networkStateSchema } from '../network/network-state';
import { secretInput } from '../network/secret';
import { isValidIsoDate } from './business-days';

/** Added to the monthly amount to give the default installation cost (docs/business-rules.md "Constants and limits"). */
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

const requiredText = (label: string, max: number, required: string) =>
  lineText({ error: required }).min(1, required).max(max, `${label}: máximo ${max} caracteres`);
const optionalText = (label: string, max: number) =>
  lineText({ error: `${label} debe ser texto` })
    .max(max, `${label}: máximo ${max} caracteres`)
    .default('');

/** Pesos: a JSON number or a decimal string, 0 or more, two decimals at most. */
const amount = (label: string) =>
  moneyInput(label, {
    max: MAX_CONTRACT_AMOUNT,
    maxMessage: `${label} no puede pasar de $${MAX_CONTRACT_AMOUNT.toLocaleString('es-MX')}`,
  });

/**
 * The contract payload of POST and PUT /api/contratos (docs/api-contract.md "Customers and contracts"), checked field by field with
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
  cp: optionalText('El código postal', 5).refine(
    (v) => v === '' || /^\d{5}$/.test(v),
    'El código postal debe tener 5 dígitos',
  ),
  telefono: lineText({ error: 'El teléfono es obligatorio' })
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'El teléfono es obligatorio')
        .regex(/^(\+?52)?\d{10}$/, 'El teléfono debe tener 10 dígitos'),
    ),
  email: optionalText('El correo', 150).refine((v) => v === '' || z.email().safeParse(v).success, 'Correo inválido'),
  tipo: jsonInt('Elige un tipo de servicio').refine(
    (v) => serviceType(v) !== undefined,
    'Tipo de servicio desconocido',
  ),
  no: z.unknown().optional().describe('Ignorado: el número de contrato lo asigna la autorización'),
  monto: amount('La mensualidad'),
  costoInstalacion: amount('El costo de instalación'),
  mac: optionalMacInput().describe("The radio's MAC in any common notation; stored as AA:BB:CC:DD:EE:FF"),
  fechaContratacion: lineText({ error: 'La fecha de contratación es obligatoria' })
    .transform((v) => v.slice(0, 10))
    .refine(isValidIsoDate, 'La fecha de contratación no es válida'),
  idGrupo: jsonInt('El grupo debe ser un número entero')
    .min(0, 'El grupo va de 0 a 1000')
    .max(1000, 'El grupo va de 0 a 1000')
    .default(0),
  facturar: z.boolean({ error: 'Facturar debe ser sí o no' }).default(false),
  fechaAgenda: dateTimeInput('La fecha de agenda no es válida')
    .nullish()
    .describe('ISO 8601; without an offset it is BUSINESS_TZ local time')
    .transform((v) => v ?? null),
  idRouter: jsonId('Elige un router')
    .nullable()
    .optional()
    .describe('Router that serves the customer (null: none); absent keeps the stored one'),
  usuarioPppoe: lineText({ error: 'El usuario PPPoE debe ser texto' })
    .max(64, 'El usuario PPPoE: máximo 64 caracteres')
    .refine((v) => !/[\s"'=?]/.test(v), 'El usuario PPPoE no puede llevar espacios, comillas, = ni ?')
    .optional()
    .describe('PPPoE secret name on the router; absent keeps the stored one'),
  ipCliente: lineText({ error: IPV4_INVALID_MESSAGE })
    .max(15, IPV4_INVALID_MESSAGE)
    .refine((v) => v === '' || isIpv4(v), IPV4_INVALID_MESSAGE)
    .optional()
    .describe("Customer's IPv4 (what a cut puts in the suspension list); absent keeps the stored one"),
  passwordPppoe: secretInput('La contraseña PPPoE')
    .optional()
    .describe('PPPoE secret password; empty or absent keeps the stored one (a new secret gets a generated one)'),
  version: jsonInt('Versión inválida')
    .positive('Versión inválida')
    .optional()
    .describe('Versión leída; obligatoria al editar'),
});
export type ContractInput = z.infer<typeof contractInputSchema>;
export type ContractFormValues = z.input<typeof contractInputSchema>;

export const cancelContractSchema = z.object({
  motivo: multilineText({ error: 'Escribe el motivo de la cancelación' })
    .min(5, 'Escribe el motivo de la cancelación (al menos 5 caracteres)')
    .max(500, 'El motivo: máximo 500 caracteres'),
});
export type CancelContract = z.infer<typeof cancelContractSchema>;

export const cutContractSchema = z
  .object({ nota: multilineText().max(500, 'La nota: máximo 500 caracteres').default('') })
  .default({ nota: '' });

/** A contract as GET /api/contratos/{id} returns it (docs/api-contract.md "Customers and contracts" plus the panel's fields). */
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
  idRouter: z.number().int().nullable(),
  usuarioPppoe: z.string(),
  ipCliente: z.string(),
  tienePasswordPppoe: z.boolean().describe('Whether a PPPoE password is stored (sealed; never sent back)'),
  estadoRed: networkStateSchema.nullable().describe('What the router did about the cut state; null without router'),
  estadoRedMensaje: z.string().nullable().describe("The router's answer (Spanish) when estadoRed is error"),
  estadoRedFecha: z.string().nullable().describe('When estadoRed last changed'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

/** Customer states the list can filter on. */
export const CUSTOMER_STATUS_FILTERS = [
  'todos',
  'activos',
  'suspendidos',
  'retraso',
  'sin-autorizar',
  'cancelados',
] as const;
export type CustomerStatusFilter = (typeof CUSTOMER_STATUS_FILTERS)[number];
export const CUSTOMER_STATUS_FILTER_LABELS: Record<CustomerStatusFilter, string> = {
  todos: 'Todos',
  activos: 'Al corriente',
  suspendidos: 'Suspendidos',
  retraso: 'Con retraso',
  'sin-autorizar': 'Sin autorizar',
  cancelados: 'Cancelados',
};

export const CUSTOMER_SORT_FIELDS = [
  'id',
  'idcliente',
  'nombre',
  'comunidad',
  'telefono',
  'tipo',
  'monto',
  'fechaContratacion',
  'diasRetraso',
] as const;

/** GET /api/customer: paged on the server; `all=true` returns the whole (filtered) list. */
export const customerListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  sort: z.enum(CUSTOMER_SORT_FIELDS, { error: 'Orden desconocido' }).default('id'),
  dir: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).default('desc'),
  q: lineText().max(200, 'La búsqueda: máximo 200 caracteres').optional(),
  estado: z.enum(CUSTOMER_STATUS_FILTERS, { error: 'Filtro de estado desconocido' }).default('todos'),
  tipo: queryInt('Tipo de servicio desconocido', { min: 1, max: 8 }).optional(),
  comunidad: lineText().max(120).optional(),
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
  q: lineText({ error: 'Escribe qué buscar' })
    .min(1, 'Escribe qué buscar')
    .max(200, 'La búsqueda: máximo 200 caracteres'),
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
