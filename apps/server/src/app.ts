import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION } from '@airlink/domain';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { AppContext, CoreContext } from './lib/context';
import type { ModuleEnv } from './lib/module';
import { MODULES } from './modules';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService, TOKEN_REUSED_MESSAGE } from './modules/auth/auth.service';
import { TokenService } from './modules/auth/token.service';
import { registerAuthGuard } from './plugins/auth';
import { registerCaseInsensitiveBodies } from './plugins/case-insensitive-body';
import { registerErrorHandling } from './plugins/errors';
import {
  answerFrameworkError,
  BODY_LIMIT,
  clientErrorHandler,
  registerEarlyRefusalClose,
  registerPublicRouteLimits,
  registerUrlLimit,
} from './plugins/http-limits';
import { registerInputGuard } from './plugins/input-guard';
import { registerSealedValueGuard } from './plugins/sealed-guard';
import { SecretBox } from './lib/secret-box';
import { Hub, type HubOptions } from './plugins/realtime/hub';
import { defaultWebDist, registerStaticWeb } from './plugins/static-web';
import { registerApiDocs } from './plugins/api-docs';
import { registerSecurityHeaders } from './plugins/security-headers';
import { closeRedis, createRedisClient } from './lib/redis';
import { errorBody } from './lib/errors';
import { SHUTTING_DOWN_MESSAGE } from './lib/shutdown';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what the server logged); implies `logger`. */
  logStream?: { write(line: string): void };
  /** Hub settings that are not configuration (tests shorten the session recheck). */
  hubOptions?: Pick<HubOptions, 'recheckMs'>;
  /** The clock of business dates (tests fix "today"); defaults to the system clock. */
  now?: () => Date;
  /** Told of every route as it is added (tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the whole application; server.ts only listens. The hub attaches when the server starts listening. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  hubOptions,
  now,
  onRoute,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    // One line per request is noise for a small office; errors are still logged with their request.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Signed-in routes; public ones get far less (registerPublicRouteLimits).
    bodyLimit: BODY_LIMIT,
    // Parser and routing failures (long URL or headers, undecodable URL) answer Spanish JSON too.
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply as FastifyReply),
    // Requests that arrive while draining get our Spanish 503 (the onRequest hook below), not Fastify's English one.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  // The API speaks JSON only: a text/plain body is a Spanish 415 like any other type, not a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, kind } = database;
  // Commands of the API (rate-limit counters shared by every instance, the readiness PING); the hub has its own.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, 'api', app.log) : null;
  const authRepo = new AuthRepository(db);
  const auth = new AuthService(authRepo, new TokenService(config.appSecret));
  const hub = new Hub(auth, app.log, {
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy !== false,
    ...hubOptions,
  });
  // A replaced token came back: its session is revoked, so its push connections end too.
  auth.onTokenReuse(({ sessionId, userId }) => {
    app.log.warn({ sessionId, userId }, 'a replaced token was presented again: session revoked');
    hub.endSessionConnections(sessionId, TOKEN_REUSED_MESSAGE);
  });
  const core: CoreContext = {
    config,
    db,
    dbKind: kind,
    hub,
    secrets: new SecretBox(config.appSecret, config.previousAppSecrets),
    auth,
  };
  // Each module of the list adds its services, seeing the core and the services of the modules before it.
  const env: ModuleEnv = { now, log: app.log, database, redis };
  const ctx = core as AppContext;
  for (const module of MODULES) Object.assign(ctx, module.createServices?.(ctx, env));
  // A notice sent through the hub reaches every active user, stored per user.
  hub.setMessageHandler(async (sender, input) => {
    await ctx.notifications.notify({}, input, sender.id);
  });

  registerErrorHandling(app);
  registerUrlLimit(app);
  registerEarlyRefusalClose(app);
  registerPublicRouteLimits(app);
  registerSealedValueGuard(app);
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.code(503).send(errorBody('shutting_down', SHUTTING_DOWN_MESSAGE));
  });
  registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifyCookie);
  // With Redis the limits hold across instances; a Redis outage lets requests through rather than failing them.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'airlink:rl:', skipOnError: true } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'AirLink API', version: APP_VERSION, description: 'API del back-office de AirLink' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Also `Authorization: ApiKey <key>`; the key acts with its profile (docs/api-contract.md, API keys).
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerApiDocs(app, config, authRepo);

  registerAuthGuard(app, auth, { keys: ctx.apiKeys, perMinute: config.apiKeyRatePerMinute }, ctx.portalAuth);
  registerCaseInsensitiveBodies(app);
  registerInputGuard(app);

  for (const module of MODULES) if (module.routes) await app.register(module.routes, { ctx, env });

  await registerStaticWeb(app, config.webDist ?? defaultWebDist());

  app.addHook('onReady', async () => {
    await hub.attach(app.server);
  });
  app.addHook('preClose', async () => {
    closing = true;
    await hub.close();
  });
  app.addHook('onClose', async () => {
    if (redis) await closeRedis(redis);
  });

  return Object.assign(app, { ctx }) as unknown as App;
}
