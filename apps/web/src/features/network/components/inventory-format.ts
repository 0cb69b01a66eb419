import { type InventoryEntry } from '@airlink/domain';

/** 'PPPoE' for a PPP secret, 'Cola simple' for a queue. */
export const entryKindLabel = (e: Pick<InventoryEntry, 'tipo'>) => (e.tipo === 'pppoe' ? 'PPPoE' : 'Cola simple');
