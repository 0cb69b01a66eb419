import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export interface FakeAccount {
  email: string;
  name: string;
  picture?: string | null;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export interface FakeOidcOptions {
  host?: string;
  port?: number;
  /** Host name the browser uses to reach the provider (defaults to host). */
  publicHost?: string;
  /** The accounts the chooser offers (read on every visit). */
  accounts: () => Promise<FakeAccount[]>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function chooserPage(url: URL, accounts: FakeAccount[]): string {
  const link = (email: string) => {
    const u = new URL(url);
    u.searchParams.set('login_hint', email);
    return escapeHtml(u.pathname + u.search);
  };
  const hidden = [...url.searchParams]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const items = accounts
    .map(
      (a) => `<li><a href="${link(a.email)}"><span class="avatar">${escapeHtml(a.name.slice(0, 1).toUpperCase())}</span>
        <span><strong>${escapeHtml(a.name)}</strong><br><small>${escapeHtml(a.email)}</small></span></a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Elige una cuenta</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f4;margin:0;display:flex;justify-content:center;padding:32px 12px}
main{background:#fff;border-radius:12px;max-width:440px;width:100%;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:22px;margin:0 0 4px;font-weight:500}p{color:#5f6368;margin:0 0 20px}ul{list-style:none;padding:0;margin:0 0 20px}
li a{display:flex;gap:12px;align-items:center;padding:10px 8px;border-bottom:1px solid #e8eaed;color:#202124;text-decoration:none}
li a:hover{background:#f8f9fa}.avatar{width:32px;height:32px;border-radius:50%;background:#1546a0;color:#fff;display:flex;align-items:center;justify-content:center;flex:none}
small{color:#5f6368}form{display:flex;gap:8px}input[type=email]{flex:1;padding:10px;border:1px solid #dadce0;border-radius:6px;font-size:15px}
button{padding:10px 16px;border:0;border-radius:6px;background:#1546a0;color:#fff;font-size:15px;cursor:pointer}
.note{font-size:13px;margin-top:20px}</style></head><body><main>
<h1>Elige una cuenta</h1><p>para continuar a AirLink</p><ul>${items}</ul>
<form method="get" action="/authorize">${hidden}<input type="email" name="login_hint" required placeholder="Usar otro correo" aria-label="Usar otro correo"><button type="submit">Continuar</button></form>
<p class="note">Proveedor de identidad de demostración: habla OpenID Connect como Google, sin salir de esta computadora.</p>
</main></body></html>`;
}

/**
 * A loopback OpenID Connect provider for the demo and the browser tests: discovery, authorize with an
 * account chooser, token endpoint with PKCE and nonce, signed ID tokens (oauth2-mock-server underneath).
 * The account chosen at /authorize becomes the ID token's verified email.
 */
export async function startFakeOidcProvider(opts: FakeOidcOptions): Promise<FakeOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const emailsByCode = new Map<string, { email: string; at: number }>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const hint = new URL(req.url ?? '/', 'http://x').searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (hint && code) emailsByCode.set(code, { email: hint.trim().toLowerCase(), at: Date.now() });
    for (const [c, v] of emailsByCode) if (Date.now() - v.at > 10 * 60_000) emailsByCode.delete(c);
  });
  service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: { code?: string } }) => {
      const chosen = req.body?.code ? emailsByCode.get(req.body.code) : undefined;
      if (!chosen) return;
      Object.assign(token.payload, {
        sub: chosen.email,
        email: chosen.email,
        email_verified: true,
        name: chosen.email.split('@')[0],
      });
    },
  );

  const handler = service.requestHandler;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-idp');
    if (req.method === 'GET' && url.pathname === '/authorize' && !url.searchParams.get('login_hint')) {
      opts
        .accounts()
        .then((accounts) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(chooserPage(url, accounts));
        })
        .catch(() => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('No se pudieron leer las cuentas de demostración.');
        });
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  issuer.url = `http://${opts.publicHost ?? host}:${port}`;
  return {
    issuer: issuer.url,
    clientId: 'airlink-demo',
    clientSecret: 'airlink-demo-secret',
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
