import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A self-signed X.509 certificate (ECDSA P-256, SHA-256) for the loopback fakes, built with node:crypto
 * and a minimal DER encoder, so no dependency and no committed private key. Subject and issuer are the
 * given common name; subjectAltName covers `localhost` and 127.0.0.1, like a radio's factory certificate
 * covers nothing a client could verify.
 */
export interface SelfSignedCertificate {
  /** PEM certificate: what a client pins (`ca`) to trust exactly this server. */
  cert: string;
  /** PEM PKCS#8 private key; stays inside the fake. */
  key: string;
}

const der = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, content]);
};
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const int = (value: Buffer) => der(0x02, (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
const utcTime = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  const s = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  return der(0x17, Buffer.from(s, 'ascii'));
};

const OID_ECDSA_SHA256 = Buffer.from('06082a8648ce3d040302', 'hex');
const OID_COMMON_NAME = Buffer.from('0603550403', 'hex');
const OID_SUBJECT_ALT_NAME = Buffer.from('0603551d11', 'hex');

const name = (cn: string) => seq(der(0x31, seq(OID_COMMON_NAME, der(0x0c, Buffer.from(cn, 'utf8')))));
const pem = (label: string, body: Buffer) =>
  `-----BEGIN ${label}-----\n${body
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/**
 * `serialBytes` is for tests; the serial is a positive DER INTEGER in minimal form: its first byte is kept
 * between 0x40 and 0x7f (a 0x00 first byte before one under 0x80 is illegal padding, refused by OpenSSL).
 */
export function createSelfSignedCertificate(
  commonName = 'UBNT',
  serialBytes: () => Buffer = () => randomBytes(8),
): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const now = Date.now();
  const sigAlg = seq(OID_ECDSA_SHA256);
  const altNames = seq(der(0x82, Buffer.from('localhost', 'ascii')), der(0x87, Buffer.from([127, 0, 0, 1])));
  const extensions = der(0xa3, seq(seq(OID_SUBJECT_ALT_NAME, der(0x04, altNames))));
  const serial = serialBytes();
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  const tbs = seq(
    der(0xa0, int(Buffer.from([2]))),
    int(serial),
    sigAlg,
    name(commonName),
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 10 * 365 * 86_400_000))),
    name(commonName),
    spki,
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const certificate = seq(tbs, sigAlg, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    cert: pem('CERTIFICATE', certificate),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
