import type { AppConfig } from '../config';
import type { Db, DbKind } from '../db/client';
import type { AuthService } from '../modules/auth/auth.service';
import type { Hub } from '../plugins/realtime/hub';
import type { SecretBox } from './secret-box';

/**
 * The services of the modules (modules/index.ts). Each module adds its own entry from its `*.module.ts`:
 * `declare module '../../lib/context' { interface AppServices { customers: CustomersService } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServices {}

/** What app.ts builds before any module: configuration, database, the push hub, sessions and secrets. */
export interface CoreContext {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  hub: Hub;
  /** Seals router, site and messaging secrets at rest (AES-256-GCM, key from APP_SECRET). */
  secrets: SecretBox;
  /** Sessions and tokens; the hub authenticates its connections with it, so it is part of the core. */
  auth: AuthService;
}

/** Everything a route module needs: the core plus every module's services, built once in app.ts. */
export interface AppContext extends CoreContext, AppServices {}
