import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSelfSignedCertificate } from './self-signed';

describe('the fakes’ self-signed certificate', () => {
  it('is valid DER whatever the random serial (a leading zero byte was illegal padding once in 128)', () => {
    for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
      const { cert, key } = createSelfSignedCertificate('UBNT', () => Buffer.from([first, 0, 1, 2, 3, 4, 5, 6]));
      const x509 = new X509Certificate(cert);
      expect(x509.subject).toBe('CN=UBNT');
      expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
      expect(x509.verify(x509.publicKey)).toBe(true);
    }
  });
});
