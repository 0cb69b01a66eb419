/** Bandwidth in Mbps as the spec computes it (000 §9): bits / 1024 / 1024. */
export function bitsToMbps(bitsPerSecond: number): number {
  return bitsPerSecond / 1024 / 1024;
}
