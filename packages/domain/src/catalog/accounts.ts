/** Account groups decide where income is counted (DESIGN.md section 7). */
export type AccountGroup = 'tizayuca' | 'pachuca' | 'banco' | 'ajuste';

/** Payment places are accounts, with the spec's ids (spec 000 section 9). */
export const PAYMENT_PLACES = [
  { id: 4, nombre: 'Oficina Aurrera', group: 'tizayuca' },
  { id: 3, nombre: 'Oficina Pachuca', group: 'pachuca' },
  { id: 2, nombre: 'Banamex Crispin', group: 'banco' },
  { id: 5, nombre: 'Tarjeta', group: 'banco' },
  { id: 6, nombre: 'Banamex Airlink', group: 'banco' },
  { id: 8, nombre: 'Ajuste de Fecha (efectivo)', group: 'ajuste' },
  { id: 9, nombre: 'Ajuste (tarjeta)', group: 'ajuste' },
  { id: 10, nombre: 'Ajuste (deposito)', group: 'ajuste' },
] as const satisfies ReadonlyArray<{ id: number; nombre: string; group: AccountGroup }>;

export const DEFAULT_PAYMENT_PLACE_ID = 4;
