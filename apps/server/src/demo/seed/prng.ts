/**
 * Deterministic pseudo-random numbers for the demo data (mulberry32).
 * Each area of the demo forks its own stream by label, so adding rows in one area
 * does not shift the data of the others.
 */
export class Rng {
  private state: number;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() de una lista vacía');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted() de una lista vacía');
    return last[0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += this.int(0, 15).toString(16);
    return s;
  }

  /** A UUID v4-shaped string (crypto.randomUUID would not be reproducible). */
  uuid(): string {
    const variant = (8 + this.int(0, 3)).toString(16);
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }

  /** An independent stream derived from this generator's seed and a label. */
  fork(label: string): Rng {
    return new Rng(Math.imul(hashString(label), 0x9e3779b1) ^ this.seed);
  }
}

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
