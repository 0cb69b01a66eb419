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
/** Verified tokens remembered (each request of a signed-in user brings the same token until it is refreshed). */
const VERIFIED_CACHE_SIZE = 1_000;

/** Signs and verifies the API's JWTs (HS256 with a key derived from APP_SECRET). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Claims of tokens whose signature already verified, by the exact token text: the HMAC (WebCrypto, on the
   * thread pool) runs once per token instead of once per request. The expiry is still checked on every use;
   * the session itself is always read from the database (AuthService.authenticate).
   */
  private readonly verified = new Map<string, TokenClaims>();

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
    const known = this.verified.get(token);
    if (known) {
      const tolerance = (opts.allowExpired ? REFRESH_GRACE_SECONDS : 5) * 1000;
      if (known.expiresAt.getTime() + tolerance > Date.now()) return known;
      if (!opts.allowExpired) this.verified.delete(token);
    }
    const claims = await this.verifySignature(token, opts);
    // Only tokens verified without the refresh grace are remembered (a refresh replaces the token anyway).
    if (claims && !opts.allowExpired) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string, opts: { allowExpired?: boolean }): Promise<TokenClaims | null> {
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
