import { foldText } from '../format/text';

/** Shown in place of the contract number while the contract is not authorized (no = 0). */
export const UNAUTHORIZED_NUMBER_PLACEHOLDER = '    ';

/** 'juan pérez' -> 'JuanPerez': each word capitalised, accents, spaces and punctuation removed. */
export function capitalizedWithoutSpaces(text: string): string {
  return foldText(text)
    .split(/[^a-z0-9ñ]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export interface DisplayIdSource {
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  no: number;
  fechaContratacion: string;
}

/** The contract number padded to 4 digits, or the blank placeholder while it is 0. */
export function contractNumberText(no: number): string {
  return no > 0 ? String(no).padStart(4, '0') : UNAUTHORIZED_NUMBER_PLACEHOLDER;
}

/**
 * The pieces of the display id (docs/api-contract.md "Customers and contracts"): 2-digit year of the contract date plus the
 * contract number (padded to 4 digits, blank while not authorized), then name, street plus number and
 * neighbourhood, each capitalised without spaces.
 */
export function displayIdPieces(row: DisplayIdSource): [string, string, string, string] {
  const year = row.fechaContratacion.slice(2, 4);
  return [
    `${year}${contractNumberText(row.no)}`,
    capitalizedWithoutSpaces(row.nombre),
    capitalizedWithoutSpaces(`${row.calle} ${row.numero}`),
    capitalizedWithoutSpaces(row.colonia),
  ];
}

/** '260012JuanPerezHidalgo12Centro'; unauthorized: '26    JuanPerezHidalgo12Centro'. */
export function displayId(row: DisplayIdSource): string {
  return displayIdPieces(row).join('');
}
