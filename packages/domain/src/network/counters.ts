/** One reading of a byte counter with the radio's uptime (seconds since boot) at that moment. */
export interface CounterReading {
  counter: number;
  uptime: number;
}

/**
 * Bytes counted between two readings of a counter (docs/network.md "Readings of a radio"). A counter that went down means
 * a reboot when the uptime went down too: the radio counted from 0, so the new value is the delta.
 * Otherwise (a counter reset or wrap without a reboot) the sample is dropped: null, never a negative or a
 * made-up delta. Without a previous reading there is no delta either.
 */
export function counterDelta(previous: CounterReading | null | undefined, current: CounterReading): number | null {
  if (!Number.isFinite(current.counter) || current.counter < 0) return null;
  if (!previous || !Number.isFinite(previous.counter)) return null;
  if (current.counter >= previous.counter) return current.counter - previous.counter;
  return current.uptime < previous.uptime ? current.counter : null;
}
