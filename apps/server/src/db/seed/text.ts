import { foldText } from '@airlink/domain';

/** Lower-case, accent-free text (the domain's search folding). */
export const normalizeText = foldText;

/** 'juan pérez' -> 'JuanPerez': each word capitalised, accents and spaces removed. */
function capitalisedWithoutSpaces(text: string): string {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
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

/**
 * The pieces of the display id (spec 000 section 3): 2-digit year of the contract date, the contract
 * number padded to 4 digits (blank while the contract is not authorized), then name, street plus
 * number and neighbourhood, each capitalised without spaces.
 */
export function displayIdPieces(row: DisplayIdSource): string[] {
  const year = row.fechaContratacion.slice(2, 4);
  const number = row.no > 0 ? String(row.no).padStart(4, '0') : '';
  return [
    `${year}${number}`,
    capitalisedWithoutSpaces(row.nombre),
    capitalisedWithoutSpaces(`${row.calle} ${row.numero}`),
    capitalisedWithoutSpaces(row.colonia),
  ];
}

export interface SearchTextSource extends DisplayIdSource {
  comunidad: string;
  telefono: string;
  email: string;
}

/** The `contratos.search_text` value: searchable fields and display id pieces, normalised. */
export function searchTextOf(row: SearchTextSource): string {
  return normalizeText(
    [row.nombre, row.calle, row.numero, row.colonia, row.comunidad, row.telefono, row.email, ...displayIdPieces(row)]
      .filter((s) => s !== '')
      .join(' '),
  );
}
