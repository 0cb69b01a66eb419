import {
  canDo,
  lanSpeedLabel,
  normalizeMac,
  signalForDisplay,
  uptimeText,
  type Device,
  type RadioCurrentStats,
} from '@airlink/domain';
import { useSession } from '../../../lib/session-context';
import { useRadioByMac } from '../api/find-radio';
import { useRadioStats } from '../api/get-radio-stats';

/** The panel tiles' values from the radio (rates in kbps, the signal negated as the spec shows it). */
export interface RadioTileReading {
  essid: string | null;
  downloadKbps: number | null;
  uploadKbps: number | null;
  signalDbm: number | null;
  qualityPct: number | null;
  lanSpeed: string | null;
  uptime: string | null;
}

/**
 * Where the customer's radio stands: `no-access` (the level cannot read radios), `no-mac` (the contract has
 * no valid MAC), `not-found` (no registered radio has it), `no-site`, `loading`, `error`, or `ok` with the
 * reading (which may itself say the radio stopped answering: `stats.lastError`).
 */
export type RadioReading =
  | { status: 'no-access' | 'no-mac' | 'not-found' | 'no-site' | 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ok'; radio: Device; stats: RadioCurrentStats; tiles: RadioTileReading };

export function tileReading(s: RadioCurrentStats): RadioTileReading {
  return {
    essid: s.essid,
    downloadKbps: s.wlanRxRate,
    uploadKbps: s.wlanTxRate,
    signalDbm: signalForDisplay(s.signal),
    qualityPct: s.ccq,
    lanSpeed: s.lanSpeed === null ? null : lanSpeedLabel(s.lanSpeed),
    uptime: s.lastError ? null : uptimeText(s.uptime),
  };
}

/** The contract's radio (its MAC) and its current stats, live while mounted. */
export function useRadioReading(mac: string | null | undefined): RadioReading {
  const { level } = useSession();
  const allowed = canDo(level, 'devices.read');
  const valid = mac ? normalizeMac(mac) : null;
  const radio = useRadioByMac(valid, allowed);
  const siteId = radio.data?.siteid ?? null;
  const stats = useRadioStats(siteId, radio.data?.id);
  if (!allowed) return { status: 'no-access' };
  if (valid === null) return { status: 'no-mac' };
  if (radio.isPending) return { status: 'loading' };
  if (radio.isError) return { status: 'error', message: radio.error.message, retry: () => void radio.refetch() };
  if (radio.data === null) return { status: 'not-found' };
  if (siteId === null) return { status: 'no-site' };
  if (stats.isPending) return { status: 'loading' };
  if (stats.isError) return { status: 'error', message: stats.error.message, retry: () => void stats.refetch() };
  return { status: 'ok', radio: radio.data, stats: stats.data, tiles: tileReading(stats.data) };
}
