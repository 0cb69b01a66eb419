import { toCentavos } from './amount';

const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

function belowHundred(n: number): string {
  if (n < 30) return UNITS[n]!;
  const t = Math.floor(n / 10);
  const u = n % 10;
  return u === 0 ? TENS[t]! : `${TENS[t]} Y ${UNITS[u]}`;
}

function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [HUNDREDS[h], rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** An integer 0..999,999,999 in Spanish words, upper case ('UN MIL' is written 'MIL'). */
export function integerInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new RangeError('Número fuera de rango');
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'UN MILLÓN' : `${belowThousand(millions)} MILLONES`);
  if (thousands) parts.push(thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * A peso amount as Mexican receipts write it: 'TRESCIENTOS OCHENTA Y TRES PESOS 00/100 M.N.',
 * 'UN PESO 50/100 M.N.', 'UN MILLÓN DE PESOS 00/100 M.N.'.
 */
export function amountInWords(pesos: number): string {
  const centavos = toCentavos(Math.abs(pesos));
  const whole = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, '0');
  const words = integerInWords(whole);
  const currency = whole === 1 ? 'PESO' : whole > 0 && whole % 1_000_000 === 0 ? 'DE PESOS' : 'PESOS';
  return `${words} ${currency} ${cents}/100 M.N.`;
}
