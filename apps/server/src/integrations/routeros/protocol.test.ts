import { describe, expect, it } from 'vitest';
import { RouterOsProtocolError } from './errors';
import {
  SentenceDecoder,
  attributeWords,
  decodeLength,
  decodeWordText,
  encodeLength,
  encodeSentence,
  encodeWord,
  parseSentence,
} from './protocol';
import { parseBool, parseCounter, parseDuration, parseVersion } from './values';

function caught(fn: () => unknown): RouterOsProtocolError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(RouterOsProtocolError);
    return err as RouterOsProtocolError;
  }
  throw new Error('expected a RouterOsProtocolError');
}

const hex = (b: Buffer) => b.toString('hex').toUpperCase();

describe('word length prefix', () => {
  const cases: [number, string][] = [
    [0, '00'],
    [1, '01'],
    [0x7f, '7F'],
    [0x80, '8080'],
    [0x3fff, 'BFFF'],
    [0x4000, 'C04000'],
    [0x1fffff, 'DFFFFF'],
    [0x200000, 'E0200000'],
    [0xfffffff, 'EFFFFFFF'],
    [0x10000000, 'F010000000'],
    [0xffffffff, 'F0FFFFFFFF'],
  ];

  it.each(cases)('encodes %i as %s and decodes it back', (length, expected) => {
    const encoded = encodeLength(length);
    expect(hex(encoded)).toBe(expected);
    expect(decodeLength(encoded)).toEqual({ length, size: encoded.length });
  });

  it('waits for the whole prefix before decoding', () => {
    const full = encodeLength(0x10000000);
    for (let n = 0; n < full.length; n++) expect(decodeLength(full.subarray(0, n))).toBeNull();
  });

  it('rejects lengths it cannot encode', () => {
    expect(() => encodeLength(-1)).toThrow(RangeError);
    expect(() => encodeLength(0x100000000)).toThrow(RangeError);
  });

  it('treats a first byte >= 0xF8 as a fatal protocol error', () => {
    expect(() => decodeLength(Buffer.from([0xf8, 0, 0, 0, 0]))).toThrow(RouterOsProtocolError);
    expect(() => new SentenceDecoder().push(Buffer.from([0xff]))).toThrow(RouterOsProtocolError);
  });
});

describe('sentence decoder', () => {
  const feedInChunks = (bytes: Buffer, size: number) => {
    const d = new SentenceDecoder();
    const out: string[][] = [];
    for (let i = 0; i < bytes.length; i += size) out.push(...d.push(bytes.subarray(i, i + size)));
    return { out, d };
  };

  it.each([0x7f, 0x80, 0x3fff, 0x4000, 0x1fffff, 0x200000])('carries a word of %i bytes split across reads', (len) => {
    const word = `=comment=${'x'.repeat(len - 9)}`;
    expect(Buffer.byteLength(word)).toBe(len);
    const bytes = encodeSentence(['!re', word, '.tag=3']);
    // Odd chunk size so prefixes and words are cut at arbitrary bytes.
    const { out, d } = feedInChunks(bytes, len > 0x4000 ? 65_521 : 7);
    expect(out).toHaveLength(1);
    expect(out[0]![1]).toBe(word);
    expect(d.pendingBytes).toBe(0);
  });

  it('decodes the 4- and 5-byte prefixes and refuses words above its size limit', () => {
    const four = new SentenceDecoder({ maxWordBytes: 0xfffffff - 1 });
    expect(caught(() => four.push(encodeLength(0xfffffff))).detail).toMatch(/^word of 268435455 bytes/);
    const five = new SentenceDecoder({ maxWordBytes: 0x10000000 - 1 });
    expect(caught(() => five.push(encodeLength(0x10000000))).detail).toMatch(/^word of 268435456 bytes/);
    // Under the limit it simply waits for the rest of the word.
    const waiting = new SentenceDecoder({ maxWordBytes: 0x10000000 });
    expect(waiting.push(Buffer.concat([encodeLength(0x10000000), Buffer.alloc(10)]))).toEqual([]);
    expect(waiting.pendingBytes).toBe(15);
  });

  it('handles sentences split at every byte, several per read, and skips empty sentences', () => {
    const sentences = [
      ['!re', '=.id=*1A', '=name=cli0042', `=comment=contrato 42 — Peña ${'ñ'.repeat(100)}`, '.tag=7'],
      ['!empty', '.tag=8'],
      ['!done', '=ret=*1B', '.tag=7'],
      ['!fatal', 'session terminated on request'],
    ];
    const bytes = Buffer.concat([Buffer.from([0]), ...sentences.map((s) => encodeSentence(s)), Buffer.from([0])]);
    const byteByByte = feedInChunks(bytes, 1);
    expect(byteByByte.out).toEqual(sentences);
    expect(byteByByte.d.pendingBytes).toBe(0);
    const oneRead = new SentenceDecoder().push(bytes);
    expect(oneRead).toEqual(sentences);
  });

  it('keeps a half-received sentence until its terminator arrives', () => {
    const d = new SentenceDecoder();
    const bytes = encodeSentence(['/system/identity/print', '.tag=1']);
    expect(d.push(bytes.subarray(0, bytes.length - 1))).toEqual([]);
    expect(d.push(bytes.subarray(bytes.length - 1))).toEqual([['/system/identity/print', '.tag=1']]);
  });

  it('reads UTF-8 and falls back to Windows-1252 for bytes that are not UTF-8', () => {
    expect(decodeWordText(Buffer.from('Peña', 'utf8'))).toBe('Peña');
    expect(decodeWordText(Buffer.from([0x50, 0x65, 0xf1, 0x61, 0x80]))).toBe('Peña€');
    const d = new SentenceDecoder();
    const raw = Buffer.concat([
      encodeWord('!re'),
      encodeWord(Buffer.from('=comment=Mu\xf1oz', 'latin1')),
      Buffer.from([0]),
    ]);
    expect(d.push(raw)).toEqual([['!re', '=comment=Muñoz']]);
  });
});

describe('sentence words', () => {
  it('parses attribute words whose values contain "=" or are empty, tags, API attributes and queries', () => {
    const s = parseSentence([
      '/ip/firewall/address-list/print',
      '=comment=a=b=c',
      '=timeout=',
      '=.id=*1A',
      '=.section=2',
      '.tag=42',
      '?list=airlink-cortados',
      '?#|',
    ]);
    expect(s.word).toBe('/ip/firewall/address-list/print');
    expect(s.attributes).toEqual({ comment: 'a=b=c', timeout: '', '.id': '*1A', '.section': '2' });
    expect(s.tag).toBe('42');
    expect(s.queries).toEqual(['?list=airlink-cortados', '?#|']);
  });

  it('keeps the plain reason word of !fatal', () => {
    expect(parseSentence(['!fatal', 'not logged in']).other).toEqual(['not logged in']);
  });

  it('builds attribute words with booleans as yes/no', () => {
    expect(attributeWords({ disabled: true, comment: 'x=y', once: '', skip: undefined })).toEqual([
      '=disabled=yes',
      '=comment=x=y',
      '=once=',
    ]);
  });

  it('encodes a sentence with its terminator', () => {
    expect(hex(encodeSentence(['/login', '=name=a']))).toBe('062F6C6F67696E073D6E616D653D6100');
  });
});

describe('values', () => {
  it.each([
    ['45s', 45],
    ['42m53s', 2573],
    ['7w6d9h34m', 7 * 604_800 + 6 * 86_400 + 9 * 3600 + 34 * 60],
    ['3w2d4h5m6s', 3 * 604_800 + 2 * 86_400 + 4 * 3600 + 5 * 60 + 6],
    ['01:22:53', 4973],
    ['3w2d04:05:06', 3 * 604_800 + 2 * 86_400 + 4 * 3600 + 5 * 60 + 6],
    ['1m500ms', 60],
  ])('parses the duration %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it('rejects what is not a duration', () => {
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('never')).toBeNull();
    expect(parseDuration(undefined)).toBeNull();
  });

  it('parses booleans, 64-bit counters and versions', () => {
    expect([parseBool('true'), parseBool('yes'), parseBool('false'), parseBool('no'), parseBool(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(parseCounter('18446744073709551615')).toBe(18446744073709551615n);
    expect(parseCounter('x')).toBe(0n);
    expect(parseVersion('7.18.2 (stable)')).toEqual({ major: 7, minor: 18 });
    expect(parseVersion('6.49.17')).toEqual({ major: 6, minor: 49 });
  });
});
