/**
 * How airOS readings are shown (docs/network.md "Readings of a radio"). The airOS client maps raw answers
 * to these codes (apps/server/src/integrations/airos/mapping.ts); the web shows them with these labels.
 */

/** The spec's LAN speed codes (docs/network.md "Readings of a radio") plus ours: 38 = 1000 Mbps Full, 35 = 100 Mbps Half. 0 = no code. */
export const LAN_SPEED = {
  unplugged: 1,
  tenHalf: 32,
  tenFull: 34,
  hundredHalf: 35,
  hundredFull: 36,
  gigabitFull: 38,
  unknown: 0,
} as const;

/** Spanish label of a LAN speed code (30 and 28 are the spec's other '10 Mbps Half' codes). */
export function lanSpeedLabel(code: number | null | undefined): string {
  switch (code) {
    case 38:
      return '1000 Mbps Full';
    case 36:
      return '100 Mbps Full';
    case 35:
      return '100 Mbps Half';
    case 34:
      return '10 Mbps Full';
    case 32:
    case 30:
    case 28:
      return '10 Mbps Half';
    case 1:
      return 'Desconectado';
    default:
      return 'Desconocido';
  }
}

/** The spec shows the signal negated: -62 dBm is shown as 62. Null stays null. */
export function signalForDisplay(dbm: number | null | undefined): number | null {
  if (dbm === null || dbm === undefined || !Number.isFinite(dbm)) return null;
  return dbm === 0 ? 0 : -dbm;
}

/**
 * What a radio says of itself at its last reading, on one line: 'CPE-Ana · LiteBeam 5AC · firmware v8.7.17'
 * (the parts it gave); null when it gave none.
 */
export function radioIdentityText(s: {
  hostname: string | null;
  model: string | null;
  firmware: string | null;
}): string | null {
  const parts = [s.hostname, s.model, s.firmware ? `firmware ${s.firmware}` : null].filter((p): p is string =>
    Boolean(p),
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}
