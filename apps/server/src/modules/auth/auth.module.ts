import { OidcClient } from '../../integrations/oidc/client';
import type { ServerModule } from '../../lib/module';
import { authRoutes } from './auth.routes';

/** Sign-in, tokens and sessions. Its service is part of the core context (the push hub needs it first). */
export const authModule: ServerModule = {
  name: 'auth',
  routes: (app, { ctx }) =>
    authRoutes(app, {
      ctx,
      oidc: new OidcClient({
        ...ctx.config.oidc,
        redirectUri: `${ctx.config.publicUrl}/api/auth/callback`,
        appSecret: ctx.config.appSecret,
      }),
    }),
};
