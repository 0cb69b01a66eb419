import { formatMoney } from '../format/format';
import { serviceType } from '../catalog/service-types';

/** Field labels of the contract, for the Registro entries of an edit. */
export const CONTRACT_FIELD_LABELS = {
  nombre: 'Nombre',
  calle: 'Calle',
  numero: 'Número',
  colonia: 'Colonia',
  comunidad: 'Comunidad',
  estado: 'Estado',
  cp: 'C.P.',
  telefono: 'Teléfono',
  email: 'Correo',
  tipo: 'Tipo de servicio',
  monto: 'Mensualidad',
  costoInstalacion: 'Costo de instalación',
  mac: 'MAC',
  fechaContratacion: 'Fecha de contratación',
  idGrupo: 'Grupo',
  facturar: 'Facturar',
  fechaAgenda: 'Fecha de agenda',
  idRouter: 'Router',
  usuarioPppoe: 'Usuario PPPoE',
  ipCliente: 'IP del cliente',
} as const;

type Field = keyof typeof CONTRACT_FIELD_LABELS;
type Values = { [K in Field]?: string | number | boolean | null };

function show(field: Field, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '(vacío)';
  if (field === 'monto' || field === 'costoInstalacion') return formatMoney(Number(value));
  if (field === 'tipo') return serviceType(Number(value))?.name ?? String(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return String(value);
}

/** The changed fields of a contract edit, each as 'Mensualidad: $300.00 → $500.00'. Empty when nothing changed. */
export function describeContractChanges(before: Values, after: Values): string[] {
  const out: string[] = [];
  for (const field of Object.keys(CONTRACT_FIELD_LABELS) as Field[]) {
    if (!(field in after)) continue;
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    const same = typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : a === b;
    if (!same) out.push(`${CONTRACT_FIELD_LABELS[field]}: ${show(field, a)} → ${show(field, b)}`);
  }
  return out;
}
