/**
 * The RFC (Registro Federal de Contribuyentes) of an invoice's receiver: shape, birth/incorporation date and the
 * SAT's check digit (docs/invoicing.md "RFC").
 */

/** The generic RFC of the 'público en general' (global invoices) and of foreign receivers. */
export const RFC_PUBLICO_EN_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

/** 3 letters (persona moral, 12 characters) or 4 (persona física, 13), yymmdd, a two-character key, the digit. */
const RFC_SHAPE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;

const CHECK_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export type PersonType = 'fisica' | 'moral';

/** Upper case, no spaces or dashes (people copy RFCs as 'PEGJ-800101-AB6'). */
export function normalizeRfc(rfc: string): string {
  return rfc
    .normalize('NFC')
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

/** The SAT's check digit of an RFC's first 11 (moral) or 12 (física) characters. */
export function rfcCheckDigit(body: string): string {
  // A 12-character RFC is scored as if it had a leading space (value 37): 481 = 37 x 13.
  let sum = body.length === 11 ? 481 : 0;
  const weightBase = body.length + 1;
  for (let i = 0; i < body.length; i++) {
    const value = CHECK_CHARS.indexOf(body[i]!);
    if (value < 0) return '?';
    sum += value * (weightBase - i);
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

export type RfcProblem = 'formato' | 'fecha' | 'digito';

/** What is wrong with an (already normalized) RFC, or null. The generic RFCs are valid as they are. */
export function rfcProblem(rfc: string): RfcProblem | null {
  if (rfc === RFC_PUBLICO_EN_GENERAL || rfc === RFC_EXTRANJERO) return null;
  const m = RFC_SHAPE.exec(rfc);
  if (!m) return 'formato';
  const [, , yy, mm, dd] = m;
  const month = Number(mm);
  const day = Number(dd);
  // The year has two digits: any century; 29 February needs a leap year in one of them (2000 covers '00').
  const year = 2000 + Number(yy);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return 'fecha';
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return 'digito';
  return null;
}

export const RFC_PROBLEM_TEXT: Record<RfcProblem, string> = {
  formato: 'El RFC no tiene el formato del SAT (12 caracteres para persona moral, 13 para persona física)',
  fecha: 'La fecha dentro del RFC no existe: revisa los 6 dígitos',
  digito: 'El dígito verificador del RFC no corresponde: revisa la constancia de situación fiscal',
};

/** Persona física (13 characters) or moral (12). */
export function rfcPersonType(rfc: string): PersonType {
  return rfc.length === 13 ? 'fisica' : 'moral';
}

export function isGenericRfc(rfc: string): boolean {
  return rfc === RFC_PUBLICO_EN_GENERAL || rfc === RFC_EXTRANJERO;
}
