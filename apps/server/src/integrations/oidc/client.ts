import * as client from 'openid-client';
import { SignJWT, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';

export interface OidcSettings {
  issuer: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri: string;
  appSecret: string;
}

export interface OidcIdentity {
  email: string;
  name?: string;
  picture?: string;
}

/** What the browser carries between authorize and callback, signed, in a short-lived cookie. */
interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

export class OidcNotConfiguredError extends Error {}
export class OidcCallbackError extends Error {}

/**
 * OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client v6).
 * Google by default; any issuer by OIDC_ISSUER. Discovery is lazy and retried after a failure.
 */
export class OidcClient {
  private configPromise: Promise<client.Configuration> | null = null;
  private readonly cookieKey: Uint8Array;

  constructor(private readonly settings: OidcSettings) {
    this.cookieKey = createHash('sha256').update(`airlink:oidc:${settings.appSecret}`).digest();
  }

  get configured(): boolean {
    return Boolean(this.settings.clientId);
  }

  private config(): Promise<client.Configuration> {
    if (!this.settings.clientId) throw new OidcNotConfiguredError('OIDC_CLIENT_ID no está configurado');
    if (!this.configPromise) {
      const insecure = this.settings.issuer.startsWith('http://');
      this.configPromise = client
        .discovery(
          new URL(this.settings.issuer),
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((e: unknown) => {
          this.configPromise = null;
          throw e;
        });
    }
    return this.configPromise;
  }

  /** Builds the provider's authorization URL and the signed cookie value that binds the callback to this browser. */
  async begin(): Promise<{ url: string; cookie: string }> {
    const config = await this.config();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      prompt: 'select_account',
    });
    const cookie = await new SignJWT({ ...pending })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.cookieKey);
    return { url: url.href, cookie };
  }

  /** Exchanges the code, checking state, nonce and PKCE; returns the verified identity. */
  async finish(callbackUrl: URL, cookie: string | undefined): Promise<OidcIdentity> {
    if (!cookie)
      throw new OidcCallbackError(
        'La solicitud de inicio de sesión expiró o se abrió en otro navegador. Intenta de nuevo.',
      );
    let pending: PendingSignIn;
    try {
      const { payload } = await jwtVerify(cookie, this.cookieKey, { algorithms: ['HS256'] });
      pending = payload as unknown as PendingSignIn;
    } catch {
      throw new OidcCallbackError('La solicitud de inicio de sesión expiró. Intenta de nuevo.');
    }
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) throw new OidcCallbackError('El proveedor de identidad rechazó el inicio de sesión.');
    if (callbackUrl.searchParams.get('state') !== pending.state) {
      throw new OidcCallbackError('La respuesta de inicio de sesión no corresponde a esta solicitud (state inválido).');
    }
    const config = await this.config();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch {
      throw new OidcCallbackError('No se pudo verificar el inicio de sesión con el proveedor de identidad.');
    }
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new OidcCallbackError('El proveedor de identidad no envió un correo electrónico.');
    // Only a provider-verified email may match a staff account (a generic issuer may allow unverified ones).
    if (claims?.email_verified !== true && claims?.email_verified !== 'true') {
      throw new OidcCallbackError(`El correo ${email} no está verificado por el proveedor de identidad.`);
    }
    return {
      email,
      name: typeof claims?.name === 'string' ? claims.name : undefined,
      picture: typeof claims?.picture === 'string' ? claims.picture : undefined,
    };
  }
}
