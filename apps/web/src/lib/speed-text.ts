import { formatNumber } from '@airlink/domain';

/*
 * Speeds as people read them. Plans and the router count in its own units (1 Mbps = 1,000,000 bit/s, 'M' in
 * RouterOS), so a customer capped at 3 Mbps reads '3 Mbps' here, not the statistics' bits/1024/1024.
 */

/** Mbps without unit: '3', '0.512', '1,000'. */
export const mbpsText = (mbps: number) => formatNumber(mbps, 3);

/** Download / upload, download first: '20 / 5 Mbps'; 'Sin límite' when there is none. */
export function speedText(downMbps: number | null, upMbps: number | null): string {
  if (downMbps === null || upMbps === null) return 'Sin límite';
  return `${mbpsText(downMbps)} / ${mbpsText(upMbps)} Mbps`;
}

/** A rate in bit/s in the unit that fits it: '0 bps', '850 kbps', '2.45 Mbps', '1.2 Gbps'. */
export function bpsText(bps: number): string {
  const units = [
    [1e9, 'Gbps'],
    [1e6, 'Mbps'],
    [1e3, 'kbps'],
  ] as const;
  for (const [size, unit] of units) {
    if (Math.abs(bps) >= size) {
      const v = bps / size;
      return `${formatNumber(v, v < 10 ? 2 : v < 100 ? 1 : 0)} ${unit}`;
    }
  }
  return `${formatNumber(bps)} bps`;
}
