import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A QR-looking PNG for the fake's `connect` answer (`data:image/png;base64,…`): three finder squares and a
 * pattern derived from the code. It is a real PNG the browser shows, not a scannable QR code (the fake has
 * no phone to link anyway).
 */
export function fakeQrDataUrl(code: string): string {
  const modules = 29;
  const scale = 6;
  const quiet = 4;
  const size = (modules + quiet * 2) * scale;
  const bits = createHash('sha256').update(code).digest();
  const finder = (x: number, y: number, ox: number, oy: number) => {
    const dx = x - ox;
    const dy = y - oy;
    if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return null;
    const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
    return ring !== 2;
  };
  const dark = (x: number, y: number): boolean => {
    const f = finder(x, y, 0, 0) ?? finder(x, y, modules - 7, 0) ?? finder(x, y, 0, modules - 7);
    if (f !== null) return f;
    if ((x < 8 && y < 8) || (x >= modules - 8 && y < 8) || (x < 8 && y >= modules - 8)) return false;
    const i = y * modules + x;
    return ((bits[i % bits.length]! >> (i % 8)) & 1) === 1;
  };
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(size + 1, 255);
    row[0] = 0; // filter: none
    const my = Math.floor(py / scale) - quiet;
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - quiet;
      if (mx >= 0 && my >= 0 && mx < modules && my < modules && dark(mx, my)) row[px + 1] = 0;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
