/**
 * A contract's fiscal data (the receiver of its invoices), checked as the SAT checks a CFDI 4.0 receiver before
 * anything reaches the PAC (docs/invoicing.md "Fiscal data").
 */
import { cfdiUse, fiscalRegime, usesForRegime } from './catalogs';
import { isGenericRfc, normalizeRfc, RFC_PROBLEM_TEXT, rfcPersonType, rfcProblem } from './rfc';

export interface FiscalData {
  rfc: string;
  razonSocial: string;
  regimenFiscal: string;
  codigoPostal: string;
  usoCfdi: string;
  email: string | null;
}

/** Capital regimes the SAT's records leave out of the name ('S.A. de C.V.', 'S. de R.L.'…). */
const CAPITAL_REGIME =
  /[\s,]+(S\.?\s?A\.?\s?P?\.?\s?I?\.?\s?(DE\s+C\.?\s?V\.?)?|S\.?\s?DE\s+R\.?\s?L\.?(\s?DE\s+C\.?\s?V\.?)?|S\.?\s?C\.?|A\.?\s?C\.?)$/i;

/** Trimmed, single spaces, upper case: how the SAT's records write a name. */
export function normalizeLegalName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

export type FiscalDataErrors = Partial<Record<keyof FiscalData, string>>;

/** Normalizes the fiscal data and says, per field and in Spanish, what the SAT would refuse. */
export function checkFiscalData(input: FiscalData): { value: FiscalData; errors: FiscalDataErrors } {
  const value: FiscalData = {
    rfc: normalizeRfc(input.rfc),
    razonSocial: normalizeLegalName(input.razonSocial),
    regimenFiscal: input.regimenFiscal.trim(),
    codigoPostal: input.codigoPostal.trim(),
    usoCfdi: input.usoCfdi.trim().toUpperCase(),
    email: input.email?.trim() ? input.email.trim().toLowerCase() : null,
  };
  const errors: FiscalDataErrors = {};
  const rfcIssue = rfcProblem(value.rfc);
  if (rfcIssue) errors.rfc = RFC_PROBLEM_TEXT[rfcIssue];
  else if (isGenericRfc(value.rfc))
    errors.rfc = 'El RFC genérico es para la factura global: pide al cliente el RFC de su constancia';

  if (value.razonSocial.length < 2)
    errors.razonSocial = 'Escribe el nombre o razón social como aparece en la constancia';
  else if (value.razonSocial.length > 254) errors.razonSocial = 'El nombre admite a lo más 254 caracteres';
  else if (CAPITAL_REGIME.test(value.razonSocial))
    errors.razonSocial =
      'Escribe la razón social sin el régimen de capital (sin «S.A. de C.V.»), como en la constancia';

  const regime = fiscalRegime(value.regimenFiscal);
  if (!regime) errors.regimenFiscal = 'Elige un régimen fiscal del catálogo del SAT';
  else if (!errors.rfc && !regime.personas.includes(rfcPersonType(value.rfc)))
    errors.regimenFiscal =
      rfcPersonType(value.rfc) === 'fisica'
        ? 'Ese régimen es de personas morales y el RFC es de persona física (13 caracteres)'
        : 'Ese régimen es de personas físicas y el RFC es de persona moral (12 caracteres)';

  if (!/^\d{5}$/.test(value.codigoPostal))
    errors.codigoPostal = 'El código postal fiscal son 5 dígitos, el de la constancia de situación fiscal';

  const use = cfdiUse(value.usoCfdi);
  if (!use) errors.usoCfdi = 'Elige un uso del CFDI del catálogo';
  else if (regime && !use.regimenes.includes(regime.clave))
    errors.usoCfdi = `El régimen ${regime.clave} no admite el uso ${use.clave}; usa ${usesForRegime(regime.clave)
      .map((u) => u.clave)
      .join(', ')}`;

  if (value.email && (value.email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email)))
    errors.email = 'El correo no es válido';
  return { value, errors };
}
