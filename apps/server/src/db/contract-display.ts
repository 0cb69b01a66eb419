import { displayId, type DisplayIdSource } from '@airlink/domain';
import { contratos } from './schema';

/**
 * The contract columns its display id is made of. Spread them into a selection (`...contractDisplayColumns`)
 * or nest them (`contrato: contractDisplayColumns`) where the names would clash with another table's; a
 * nested selection over a LEFT JOIN reads as null when there is no contract.
 */
export const contractDisplayColumns = {
  nombre: contratos.nombre,
  calle: contratos.calle,
  numero: contratos.numero,
  colonia: contratos.colonia,
  no: contratos.no,
  fechaContratacion: contratos.fechaContratacion,
};

/** Display ids already worked out, by their source fields: lists and searches show the same customers again and again. */
const known = new Map<string, string>();
const KNOWN_MAX = 5_000;

/** The display id of a selected contract (the domain's `displayId`); null when there is no contract. */
export function displayIdOf(row: DisplayIdSource): string;
export function displayIdOf(row: DisplayIdSource | null): string | null;
export function displayIdOf(row: DisplayIdSource | null): string | null {
  if (!row) return null;
  // PostgreSQL text never holds U+0000, so the separator cannot occur inside a field and keys cannot collide.
  const key = `${row.no}\u0000${row.fechaContratacion}\u0000${row.nombre}\u0000${row.calle}\u0000${row.numero}\u0000${row.colonia}`;
  let id = known.get(key);
  if (id === undefined) {
    id = displayId(row);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, id);
  }
  return id;
}
