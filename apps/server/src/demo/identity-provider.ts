import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { fullName } from '../db/user-name';
import { AuthRepository } from '../modules/auth/auth.repository';
import { startFakeOidcProvider } from './fakes/oidc/fake-server';

/**
 * The demo's stand-in for Google: a loopback OpenID provider whose chooser lists the active users. Points
 * `config.oidc` at it, so the app built next signs in through it.
 */
export async function startDemoIdentityProvider(config: AppConfig, database: Database) {
  const repo = new AuthRepository(database.db);
  const options = {
    host: config.host,
    publicHost: new URL(config.publicUrl).hostname,
    accounts: async () =>
      (await repo.listActiveUsers()).map((u) => ({ email: u.email, name: fullName(u), picture: u.picture })),
  };
  // A busy port must not stop the demo: any free port works, the issuer URL follows it.
  const idp = await startFakeOidcProvider({ ...options, port: config.demoOidcPort }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      return startFakeOidcProvider({ ...options, port: 0 });
    },
  );
  config.oidc = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  console.log(`Inicio de sesión «con Google» de demostración: proveedor OpenID local en ${idp.issuer}`);
  return idp;
}
