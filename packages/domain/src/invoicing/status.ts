/**
 * An invoice's states and the Spanish reason shown while it is not valid (docs/invoicing.md "States and PAC
 * errors"): each error the PAC answers maps to what staff must fix.
 */
export const INVOICE_STATES = ['pendiente', 'valida', 'cancelacion_pendiente', 'cancelada', 'error'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_TEXT: Record<InvoiceState, string> = {
  pendiente: 'Pendiente',
  valida: 'Válida',
  cancelacion_pendiente: 'Cancelación en proceso',
  cancelada: 'Cancelada',
  error: 'Con error',
};

/** Whether an error of the PAC is worth retrying (the PAC or the network failed) or needs someone to fix data. */
export type PacErrorKind = 'datos' | 'transitorio' | 'configuracion';

export interface PacErrorMeaning {
  kind: PacErrorKind;
  /** What happened and what to do, in Spanish. */
  motivo: string;
}

const ASK_CSF = 'pide al cliente su constancia de situación fiscal';

/** By the PAC's code, or the path of a SAT/PAC rejection (never by the CFDI4xxxx number, which sources disagree on). */
const BY_CODE: Record<string, PacErrorMeaning> = {
  tax_id_not_found: { kind: 'datos', motivo: `el RFC no está en la lista de contribuyentes del SAT: ${ASK_CSF}` },
  legal_name_mismatch: {
    kind: 'datos',
    motivo: `el nombre no corresponde al RFC en el SAT (escríbelo como en la constancia, sin «S.A. de C.V.»): ${ASK_CSF}`,
  },
  tax_address_zip_mismatch: { kind: 'datos', motivo: `el código postal no corresponde al RFC en el SAT: ${ASK_CSF}` },
  tax_system_not_allowed_for_tax_id: {
    kind: 'datos',
    motivo: `el régimen fiscal no corresponde al RFC en el SAT: ${ASK_CSF}`,
  },
  tax_system_not_in_catalog: { kind: 'datos', motivo: 'el régimen fiscal no está en el catálogo del SAT' },
  missing_credentials: {
    kind: 'configuracion',
    motivo: 'falta la llave del PAC: configúrala en Administración › Facturación',
  },
  api_key_invalid: {
    kind: 'configuracion',
    motivo: 'el PAC rechazó la llave: revísala en Administración › Facturación',
  },
  unauthorized: { kind: 'configuracion', motivo: 'el PAC rechazó la llave: revísala en Administración › Facturación' },
  live_api_key_required: { kind: 'configuracion', motivo: 'el PAC pide la llave de producción (sk_live)' },
  subscription_required: { kind: 'configuracion', motivo: 'la cuenta del PAC no tiene suscripción activa' },
  organization_incomplete: {
    kind: 'configuracion',
    motivo: 'faltan datos de la empresa en el PAC (certificado de sello digital, datos fiscales)',
  },
  product_key_not_found: { kind: 'configuracion', motivo: 'la clave de producto no existe en el catálogo del SAT' },
  unit_key_not_found: { kind: 'configuracion', motivo: 'la clave de unidad no existe en el catálogo del SAT' },
  rate_limit_exceeded: { kind: 'transitorio', motivo: 'el PAC pidió esperar: se reintentará' },
  internal_error: { kind: 'transitorio', motivo: 'el PAC tuvo un error interno: se reintentará' },
  invoice_stamping_service_unavailable: {
    kind: 'transitorio',
    motivo: 'el servicio de timbrado no responde: se reintentará',
  },
  stamping_in_progress: { kind: 'transitorio', motivo: 'el timbrado sigue en proceso: se consultará de nuevo' },
};

/** A rejection at stamping: which field the SAT refused, by the path Facturapi reports. */
const BY_PATH: Record<string, PacErrorMeaning> = {
  'customer.address.zip': BY_CODE.tax_address_zip_mismatch!,
  'customer.legal_name': BY_CODE.legal_name_mismatch!,
  'customer.tax_id': BY_CODE.tax_id_not_found!,
  'customer.tax_system': BY_CODE.tax_system_not_allowed_for_tax_id!,
  use: {
    kind: 'datos',
    motivo: 'el uso del CFDI no corresponde al régimen fiscal del cliente: corrígelo en sus datos fiscales',
  },
};

export interface PacErrorBody {
  status?: number;
  code?: string;
  message?: string;
  path?: string;
  errors?: readonly { code?: string; path?: string; message?: string; source?: string }[];
}

/** The Spanish meaning of a PAC error body (or of no answer at all: `null`). */
export function pacErrorMeaning(body: PacErrorBody | null): PacErrorMeaning {
  if (!body) return { kind: 'transitorio', motivo: 'el PAC no respondió: se reintentará' };
  const detail = body.errors?.find((e) => e.source === 'pac' || e.source === 'sat') ?? body.errors?.[0];
  const byCode = body.code ? BY_CODE[body.code] : undefined;
  if (byCode) return byCode;
  const path = detail?.path ?? body.path;
  const byPath = path ? BY_PATH[path] : undefined;
  if (byPath) return byPath;
  const byDetail = detail?.code ? BY_CODE[detail.code] : undefined;
  if (byDetail) return byDetail;
  if (body.status === 401 || body.status === 403) return BY_CODE.api_key_invalid!;
  if ((body.status ?? 0) >= 500 || body.status === 429)
    return { kind: 'transitorio', motivo: 'el PAC no está disponible: se reintentará' };
  const said = detail?.message ?? body.message;
  return { kind: 'datos', motivo: said ? `el PAC rechazó la factura: ${said}` : 'el PAC rechazó la factura' };
}
