/**
 * RouterOS API wire format (binary "api" / "api-ssl"): length-prefixed words, sentences ended by a
 * zero-length word, and a streaming decoder that copes with TCP splitting words and sentences anywhere.
 * See docs/protocols/routeros.md "Words and sentences" to "What the router answers".
 */
import { RouterOsProtocolError } from './errors';

/** Largest length the 5-byte (0xF0) form can carry. */
export const MAX_WORD_LENGTH = 0xffffffff;

/** Encodes a word length with the 1- to 5-byte prefix. */
export function encodeLength(length: number): Buffer {
  if (!Number.isInteger(length) || length < 0 || length > MAX_WORD_LENGTH) {
    throw new RangeError(`RouterOS word length out of range: ${length}`);
  }
  if (length < 0x80) return Buffer.from([length]);
  if (length < 0x4000) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(length | 0x8000);
    return b;
  }
  if (length < 0x200000) {
    const v = length | 0xc00000;
    return Buffer.from([(v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
  }
  if (length < 0x10000000) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE((length | 0xe0000000) >>> 0);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = 0xf0;
  b.writeUInt32BE(length, 1);
  return b;
}

/** How many bytes the length prefix takes, judged from its first byte. Throws on a reserved control byte. */
export function lengthPrefixSize(firstByte: number): number {
  if (firstByte < 0x80) return 1;
  if (firstByte < 0xc0) return 2;
  if (firstByte < 0xe0) return 3;
  if (firstByte < 0xf0) return 4;
  if (firstByte === 0xf0) return 5;
  throw new RouterOsProtocolError(`reserved control byte 0x${firstByte.toString(16)} in the stream`);
}

/**
 * Decodes a length prefix at `offset`. Returns null when `buf` does not yet hold the whole prefix.
 */
export function decodeLength(buf: Buffer, offset = 0): { length: number; size: number } | null {
  if (buf.length <= offset) return null;
  const first = buf[offset]!;
  const size = lengthPrefixSize(first);
  if (buf.length < offset + size) return null;
  switch (size) {
    case 1:
      return { length: first, size };
    case 2:
      return { length: buf.readUInt16BE(offset) & 0x3fff, size };
    case 3:
      return { length: ((first & 0x1f) << 16) | buf.readUInt16BE(offset + 1), size };
    case 4:
      return { length: buf.readUInt32BE(offset) & 0x0fffffff, size };
    default:
      return { length: buf.readUInt32BE(offset + 1), size };
  }
}

/** One word: prefix + bytes. Strings are written as UTF-8. */
export function encodeWord(word: string | Buffer): Buffer {
  const bytes = typeof word === 'string' ? Buffer.from(word, 'utf8') : word;
  return Buffer.concat([encodeLength(bytes.length), bytes]);
}

/** A sentence: its words followed by the zero-length terminator. */
export function encodeSentence(words: readonly (string | Buffer)[]): Buffer {
  return Buffer.concat([...words.map(encodeWord), Buffer.from([0])]);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// 0x80–0x9F of Windows-1252 (the rest is Latin-1). Written out because Node 20's TextDecoder('windows-1252')
// decodes as plain Latin-1 (fixed in later Node versions).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

/**
 * Words are bytes without a declared charset: UTF-8 when valid, otherwise Windows-1252 (what Winbox on a
 * Spanish Windows PC stores for names and comments).
 */
export function decodeWordText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeCp1252(bytes);
  }
}

export interface DecoderOptions {
  /** Refuse words announcing more bytes than this (a corrupted stream would otherwise allocate gigabytes). */
  maxWordBytes?: number;
}

/**
 * Incremental sentence decoder. Feed it whatever each TCP read returned; it hands back every sentence
 * completed so far (words as strings). Empty sentences (a lone terminator) are dropped, as the API asks.
 */
export class SentenceDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private words: string[] = [];
  private readonly maxWordBytes: number;

  constructor(opts: DecoderOptions = {}) {
    this.maxWordBytes = opts.maxWordBytes ?? 64 * 1024 * 1024;
  }

  /** Bytes received but not yet consumed as whole words. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): string[][] {
    if (chunk.length === 0) return [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: string[][] = [];
    while (this.buffered > 0) {
      // The prefix is at most 5 bytes: peek without joining everything.
      const head = this.peek(Math.min(5, this.buffered));
      const len = decodeLength(head);
      if (!len) break;
      if (len.length > this.maxWordBytes) {
        throw new RouterOsProtocolError(`word of ${len.length} bytes exceeds the ${this.maxWordBytes} byte limit`);
      }
      if (this.buffered < len.size + len.length) break;
      const word = this.take(len.size + len.length).subarray(len.size);
      if (len.length === 0) {
        if (this.words.length > 0) out.push(this.words);
        this.words = [];
      } else {
        this.words.push(decodeWordText(word));
      }
    }
    return out;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0]!.length >= n) return this.chunks[0]!.subarray(0, n);
    const joined = Buffer.concat(this.chunks);
    this.chunks = [joined];
    return joined.subarray(0, n);
  }

  private take(n: number): Buffer {
    if (this.chunks[0]!.length < n) this.chunks = [Buffer.concat(this.chunks)];
    const first = this.chunks[0]!;
    const taken = first.subarray(0, n);
    if (first.length === n) this.chunks.shift();
    else this.chunks[0] = first.subarray(n);
    this.buffered -= n;
    return taken;
  }
}

export interface ParsedSentence {
  /** First word: `!re`, `!done`, …, or a command path when the sentence comes from a client. */
  word: string;
  /** `.tag` value, if any. */
  tag?: string;
  /** `=key=value` words (and API attributes `.id`, `.section`, … written as `=.id=…`). */
  attributes: Record<string, string>;
  /** `?…` query words, in order (only meaningful in client sentences). */
  queries: string[];
  /** Words that are none of the above (e.g. the plain reason after `!fatal`). */
  other: string[];
}

/** Splits `=key=value` into key and value; the value keeps any further `=`. */
export function parseAttributeWord(word: string): [string, string] {
  const eq = word.indexOf('=', 1);
  if (eq === -1) return [word.slice(1), ''];
  return [word.slice(1, eq), word.slice(eq + 1)];
}

export function parseSentence(words: readonly string[]): ParsedSentence {
  const parsed: ParsedSentence = { word: words[0] ?? '', attributes: {}, queries: [], other: [] };
  for (const w of words.slice(1)) {
    if (w.startsWith('=')) {
      const [k, v] = parseAttributeWord(w);
      parsed.attributes[k] = v;
    } else if (w.startsWith('.tag=')) {
      parsed.tag = w.slice(5);
    } else if (w.startsWith('?')) {
      parsed.queries.push(w);
    } else {
      parsed.other.push(w);
    }
  }
  return parsed;
}

/** Builds `=key=value` words from an object (undefined values are skipped). */
export function attributeWords(attrs: Record<string, string | number | boolean | undefined>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    out.push(`=${k}=${typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}`);
  }
  return out;
}
