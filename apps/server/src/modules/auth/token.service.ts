import { createHash } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { REFRESH_GRACE_SECONDS, TOKEN_TTL_SECONDS } from '@airlink/domain';

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** jti: which token of the session this is (refresh rotates it). */
  tokenId: string;
  expiresAt: Date;
}

const ISSUER = 'airlink';

/** Signs and verifies the API's JWTs (HS256 with a key derived from APP_SECRET). */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`airlink:jwt:${appSecret}`).digest();
  }

  async sign(userId: number, sessionId: string, tokenId: string, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(tokenId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** Verifies signature and expiry; with `allowExpired`, a token expired less than the refresh grace ago passes. */
  async verify(token: string, opts: { allowExpired?: boolean } = {}): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        clockTolerance: opts.allowExpired ? REFRESH_GRACE_SECONDS : 5,
        requiredClaims: ['exp', 'sub', 'sid', 'jti'],
      });
      const userId = Number(payload.sub);
      if (
        !Number.isInteger(userId) ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number' ||
        !payload.jti
      )
        return null;
      return { userId, sessionId: payload.sid, tokenId: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
