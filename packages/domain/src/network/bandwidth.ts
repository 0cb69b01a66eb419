/** Bandwidth in Mbps as the spec computes it (docs/business-rules.md "Constants and limits"): bits / 1024 / 1024. */
export function bitsToMbps(bitsPerSecond: number): number {
  return bitsPerSecond / 1024 / 1024;
}
