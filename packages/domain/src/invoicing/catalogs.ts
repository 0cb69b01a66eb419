/**
 * The SAT catalogs (catCFDI 4.0) an ISP's invoices use (docs/invoicing.md "SAT catalogs"): fiscal regimes, uses
 * of the CFDI allowed per regime, payment forms and cancellation motives.
 */
import { MERCADOPAGO_ACCOUNT_ID } from '../catalog/accounts';
import type { PersonType } from './rfc';

export interface FiscalRegime {
  clave: string;
  nombre: string;
  personas: readonly PersonType[];
}

const F: readonly PersonType[] = ['fisica'];
const M: readonly PersonType[] = ['moral'];
const FM: readonly PersonType[] = ['fisica', 'moral'];

/** c_RegimenFiscal (current SAT list). */
export const REGIMENES_FISCALES: readonly FiscalRegime[] = [
  { clave: '601', nombre: 'General de Ley Personas Morales', personas: M },
  { clave: '603', nombre: 'Personas Morales con Fines no Lucrativos', personas: M },
  { clave: '605', nombre: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', personas: F },
  { clave: '606', nombre: 'Arrendamiento', personas: F },
  { clave: '607', nombre: 'Régimen de Enajenación o Adquisición de Bienes', personas: F },
  { clave: '608', nombre: 'Demás ingresos', personas: F },
  { clave: '610', nombre: 'Residentes en el Extranjero sin Establecimiento Permanente en México', personas: FM },
  { clave: '611', nombre: 'Ingresos por Dividendos (socios y accionistas)', personas: F },
  { clave: '612', nombre: 'Personas Físicas con Actividades Empresariales y Profesionales', personas: F },
  { clave: '614', nombre: 'Ingresos por intereses', personas: F },
  { clave: '615', nombre: 'Régimen de los ingresos por obtención de premios', personas: F },
  { clave: '616', nombre: 'Sin obligaciones fiscales', personas: F },
  { clave: '620', nombre: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', personas: M },
  { clave: '621', nombre: 'Incorporación Fiscal', personas: F },
  { clave: '622', nombre: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', personas: M },
  { clave: '623', nombre: 'Opcional para Grupos de Sociedades', personas: M },
  { clave: '624', nombre: 'Coordinados', personas: M },
  {
    clave: '625',
    nombre: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    personas: F,
  },
  { clave: '626', nombre: 'Régimen Simplificado de Confianza', personas: FM },
];

export interface CfdiUse {
  clave: string;
  nombre: string;
  regimenes: readonly string[];
}

const GENERAL = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const PERSONALES = ['605', '606', '607', '608', '611', '612', '614', '615', '625'];
const SIN_EFECTOS = [
  '601',
  '603',
  '605',
  '606',
  '607',
  '608',
  '610',
  '611',
  '612',
  '614',
  '615',
  '616',
  '620',
  '621',
  '622',
  '623',
  '624',
  '625',
  '626',
];

/** c_UsoCFDI with the receiver regimes each allows (column regimenes_fiscales_receptores). */
export const USOS_CFDI: readonly CfdiUse[] = [
  { clave: 'G01', nombre: 'Adquisición de mercancías', regimenes: GENERAL },
  { clave: 'G02', nombre: 'Devoluciones, descuentos o bonificaciones', regimenes: [...GENERAL, '616'] },
  { clave: 'G03', nombre: 'Gastos en general', regimenes: GENERAL },
  { clave: 'I04', nombre: 'Equipo de cómputo y accesorios', regimenes: GENERAL },
  { clave: 'I08', nombre: 'Otra maquinaria y equipo', regimenes: GENERAL },
  { clave: 'D10', nombre: 'Pagos por servicios educativos (colegiaturas)', regimenes: PERSONALES },
  { clave: 'S01', nombre: 'Sin efectos fiscales', regimenes: SIN_EFECTOS },
  { clave: 'CP01', nombre: 'Pagos', regimenes: SIN_EFECTOS },
];

export const FORMAS_PAGO = {
  '01': 'Efectivo',
  '03': 'Transferencia electrónica de fondos',
  '04': 'Tarjeta de crédito',
  '28': 'Tarjeta de débito',
  '31': 'Intermediario pagos',
} as const;
export type FormaPago = keyof typeof FORMAS_PAGO;

export const MOTIVOS_CANCELACION = {
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
} as const;
export type MotivoCancelacion = keyof typeof MOTIVOS_CANCELACION;

/** Defaults of Administración › Facturación: internet access service, unit of service (docs/invoicing.md). */
export const DEFAULT_CLAVE_PRODUCTO = '81112100';
export const DEFAULT_CLAVE_UNIDAD = 'E48';
export const DEFAULT_UNIDAD_NOMBRE = 'Unidad de servicio';
export const DEFAULT_SERIE = 'F';
export const DEFAULT_SERIE_GLOBAL = 'G';

export function fiscalRegime(clave: string): FiscalRegime | undefined {
  return REGIMENES_FISCALES.find((r) => r.clave === clave);
}

export function cfdiUse(clave: string): CfdiUse | undefined {
  return USOS_CFDI.find((u) => u.clave === clave);
}

/** The uses a receiver of that regime may ask for. */
export function usesForRegime(regimen: string): CfdiUse[] {
  return USOS_CFDI.filter((u) => u.regimenes.includes(regimen));
}

/**
 * The payment form of a payment by where the money went: a cash office is cash, a bank account a transfer, the
 * Mercado Pago account (id 11, whatever it is renamed to) an intermediary (the accountant may refine it per card
 * type); adjustments are not income.
 */
export function paymentFormOfAccount(account: { id: number; grupo: string }): FormaPago | null {
  if (account.grupo === 'tizayuca' || account.grupo === 'pachuca') return '01';
  if (account.grupo !== 'banco') return null;
  return account.id === MERCADOPAGO_ACCOUNT_ID ? '31' : '03';
}
