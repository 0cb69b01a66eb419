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

/** The display id of a selected contract (the domain's `displayId`); null when there is no contract. */
export function displayIdOf(row: DisplayIdSource): string;
export function displayIdOf(row: DisplayIdSource | null): string | null;
export function displayIdOf(row: DisplayIdSource | null): string | null {
  return row && displayId(row);
}
