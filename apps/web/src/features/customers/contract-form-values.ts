import { CONTRACT_FORM_DEFAULTS, defaultInstallationCost, type Contract } from '@airlink/domain';
import { businessDate, businessTz } from '../../lib/business-time';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** What the contract form holds while it is being filled (the schema turns it into the payload). */
export interface ContractFormValues {
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  comunidad: string;
  estado: string;
  cp: string;
  telefono: string;
  email: string;
  tipo: number;
  monto: number | null;
  costoInstalacion: number | null;
  mac: string;
  fechaContratacion: string;
  idGrupo: string;
  facturar: boolean;
  /** Wall time of the business time zone, 'YYYY-MM-DDTHH:mm' (DateTimeFormField), or '' for none. */
  fechaAgenda: string;
  /** The router that serves the customer; null for none. */
  idRouter: number | null;
  usuarioPppoe: string;
  /** A new PPPoE password; '' keeps the stored one (a new secret gets a generated one). Never filled from the contract. */
  passwordPppoe: string;
  ipCliente: string;
}

export const CONTRACT_FORM_FIELDS = [
  'nombre',
  'calle',
  'numero',
  'colonia',
  'comunidad',
  'estado',
  'cp',
  'telefono',
  'email',
  'tipo',
  'monto',
  'costoInstalacion',
  'mac',
  'fechaContratacion',
  'idGrupo',
  'facturar',
  'fechaAgenda',
  'idRouter',
  'usuarioPppoe',
  'passwordPppoe',
  'ipCliente',
] as const satisfies ReadonlyArray<keyof ContractFormValues>;

/** A new customer: type 1, $300 a month, $1,300 installation, contracted today, state Hidalgo. */
export function newContractValues(now = new Date()): ContractFormValues {
  return {
    nombre: '',
    calle: '',
    numero: '',
    colonia: '',
    comunidad: '',
    estado: 'Hidalgo',
    cp: '',
    telefono: '',
    email: '',
    tipo: CONTRACT_FORM_DEFAULTS.tipo,
    monto: CONTRACT_FORM_DEFAULTS.monto,
    costoInstalacion: CONTRACT_FORM_DEFAULTS.costoInstalacion,
    mac: '',
    fechaContratacion: businessDate(now),
    idGrupo: '0',
    facturar: false,
    fechaAgenda: '',
    idRouter: null,
    usuarioPppoe: '',
    passwordPppoe: '',
    ipCliente: '',
  };
}

/** An instant as the form's wall time in the business time zone ('2026-05-01T10:30'). */
export function toLocalInput(instant: string | null): string {
  if (!instant) return '';
  const d = new TZDate(instant, businessTz());
  return Number.isNaN(d.getTime()) ? '' : format(d, "yyyy-MM-dd'T'HH:mm");
}

/** The form's wall time read in the business time zone, as an ISO instant with its offset; null when empty. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value.trim() === '' ? null : value;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new TZDate(y, mo - 1, d, h, mi, businessTz()).toISOString();
}

/** The form filled from a contract (Editar). */
export function contractToValues(c: Contract): ContractFormValues {
  return {
    nombre: c.nombre,
    calle: c.calle,
    numero: c.numero,
    colonia: c.colonia,
    comunidad: c.comunidad,
    estado: c.estado,
    cp: c.cp,
    telefono: c.telefono,
    email: c.email,
    tipo: c.tipo,
    monto: c.monto,
    costoInstalacion: c.costoInstalacion,
    mac: c.mac,
    fechaContratacion: c.fechaContratacion.slice(0, 10),
    idGrupo: String(c.idGrupo),
    facturar: c.facturar,
    fechaAgenda: toLocalInput(c.fechaAgenda),
    idRouter: c.idRouter,
    usuarioPppoe: c.usuarioPppoe,
    passwordPppoe: '',
    ipCliente: c.ipCliente,
  };
}

/**
 * What the schema checks: an empty amount stays empty, the group is a number, the agenda date becomes
 * an instant.
 */
export function valuesToPayloadInput(v: ContractFormValues): Record<string, unknown> {
  return {
    ...v,
    monto: v.monto ?? undefined,
    costoInstalacion: v.costoInstalacion ?? undefined,
    // The API takes JSON numbers only: digits become a number; anything else stays text for the schema to refuse.
    idGrupo:
      v.idGrupo.trim() === '' ? undefined : /^\d{1,9}$/.test(v.idGrupo.trim()) ? Number(v.idGrupo.trim()) : v.idGrupo,
    fechaAgenda: fromLocalInput(v.fechaAgenda),
    usuarioPppoe: v.usuarioPppoe.trim(),
    ipCliente: v.ipCliente.trim(),
  };
}

/** The installation cost follows the monthly amount while it still is the default for it. */
export function installationIsDefault(v: Pick<ContractFormValues, 'monto' | 'costoInstalacion'>): boolean {
  return v.monto !== null && v.costoInstalacion === defaultInstallationCost(v.monto);
}
