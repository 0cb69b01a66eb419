import type { InventoryEntry } from '../../../lib/plan-shapes';

/** 'PPPoE' for a PPP secret, 'Cola simple' for a queue. */
export const entryKindLabel = (e: Pick<InventoryEntry, 'tipo'>) => (e.tipo === 'pppoe' ? 'PPPoE' : 'Cola simple');
