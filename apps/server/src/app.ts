import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
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
import type { AppContext } from './lib/context';
import { AgendaRepository } from './modules/agenda/agenda.repository';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import { AgendaService } from './modules/agenda/agenda.service';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuthRepository } from './modules/auth/auth.repository';
import { BankRepository } from './modules/bank/bank.repository';
import { bankRoutes } from './modules/bank/bank.routes';
import { BankService } from './modules/bank/bank.service';
import { CashCloseRepository } from './modules/cash-close/cash-close.repository';
import { cashCloseRoutes } from './modules/cash-close/cash-close.routes';
import { CashCloseService } from './modules/cash-close/cash-close.service';
import { ExpensesRepository } from './modules/expenses/expenses.repository';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { ExpensesService } from './modules/expenses/expenses.service';
import { FinanceRepository } from './modules/finance/finance.repository';
import { financeRoutes } from './modules/finance/finance.routes';
import { FinanceService } from './modules/finance/finance.service';
import { authRoutes } from './modules/auth/auth.routes';
import { CustomersRepository } from './modules/customers/customers.repository';
import { customersRoutes } from './modules/customers/customers.routes';
import { CustomersService } from './modules/customers/customers.service';
import { AuthService, TOKEN_REUSED_MESSAGE } from './modules/auth/auth.service';
import { OidcClient } from './integrations/oidc/client';
import { TokenService } from './modules/auth/token.service';
import { healthRoutes } from './modules/health/health.routes';
import { LogsRepository } from './modules/logs/logs.repository';
import { logsRoutes } from './modules/logs/logs.routes';
import { LogsService } from './modules/logs/logs.service';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { presenceRoutes } from './modules/presence/presence.routes';
import { PresenceService } from './modules/presence/presence.service';
import { ReceiptsRepository } from './modules/receipts/receipts.repository';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { ReceiptsService } from './modules/receipts/receipts.service';
import { SupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { registerAuthGuard } from './plugins/auth';
import { registerCaseInsensitiveBodies } from './plugins/case-insensitive-body';
import { registerErrorHandling } from './plugins/errors';
import { answerFrameworkError, clientErrorHandler, registerUrlLimit } from './plugins/http-limits';
import { registerInputGuard } from './plugins/input-guard';
import { registerSealedValueGuard } from './plugins/sealed-guard';
import { SecretBox } from './lib/secret-box';
import { Hub, type HubOptions } from './plugins/realtime/hub';
import { defaultWebDist, registerStaticWeb } from './plugins/static-web';
import { registerApiDocs } from './plugins/api-docs';
import { contentSecurityDirectives } from './plugins/csp';
import { closeRedis, createRedisClient } from './lib/redis';
import { SHUTTING_DOWN_MESSAGE } from './lib/shutdown';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean;
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
  hubOptions,
  now,
  onRoute,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    // One line per request is noise for a small office; errors are still logged with their request.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 5 * 1024 * 1024,
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
  const audit = new AuditRepository(db);
  const notifications = new NotificationsService(new NotificationsRepository(db), hub);
  const logsRepo = new LogsRepository(db);
  const ctx: AppContext = {
    config,
    db,
    dbKind: kind,
    hub,
    secrets: new SecretBox(config.appSecret, config.previousAppSecrets),
    audit,
    auth,
    notifications,
    users: new UsersService(new UsersRepository(db), authRepo, audit, hub),
    presence: new PresenceService(hub),
    customers: new CustomersService(new CustomersRepository(db), logsRepo, audit, notifications, {
      businessTz: config.businessTz,
      now,
      log: app.log,
    }),
    logs: new LogsService(logsRepo),
    support: new SupportService(new SupportRepository(db), audit, notifications, app.log),
    agenda: new AgendaService(new AgendaRepository(db), notifications, app.log, { businessTz: config.businessTz, now }),
    payments: new PaymentsService(new PaymentsRepository(db), logsRepo, audit, notifications, hub, {
      businessTz: config.businessTz,
      now,
      log: app.log,
    }),
    receipts: new ReceiptsService(new ReceiptsRepository(db), { businessTz: config.businessTz }),
    bank: new BankService(new BankRepository(db), audit),
    finance: new FinanceService(new FinanceRepository(db), { businessTz: config.businessTz, now }),
    expenses: new ExpensesService(new ExpensesRepository(db), audit, { businessTz: config.businessTz, now }),
    cashClose: new CashCloseService(new CashCloseRepository(db), audit, { businessTz: config.businessTz, now }),
  };
  // A notice sent through the hub reaches every active user, stored per user.
  hub.setMessageHandler(async (sender, input) => {
    await notifications.notify({}, input, sender.id);
  });

  registerErrorHandling(app);
  registerUrlLimit(app);
  registerSealedValueGuard(app);
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.code(503).send({ error: 'shutting_down', message: SHUTTING_DOWN_MESSAGE });
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: contentSecurityDirectives(config.publicUrl),
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // With Redis the limits hold across instances; a Redis outage lets requests through rather than failing them.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'airlink:rl:', skipOnError: true } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'AirLink API', version: APP_VERSION, description: 'API del back-office de AirLink' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerApiDocs(app, config, authRepo);

  registerAuthGuard(app, auth);
  registerCaseInsensitiveBodies(app);
  registerInputGuard(app);

  const opts = { ctx };
  await app.register(healthRoutes, { ctx, database, redis });
  await app.register(authRoutes, {
    ctx,
    oidc: new OidcClient({
      ...config.oidc,
      redirectUri: `${config.publicUrl}/api/auth/callback`,
      appSecret: config.appSecret,
    }),
  });
  await app.register(usersRoutes, opts);
  await app.register(notificationsRoutes, opts);
  await app.register(presenceRoutes, opts);
  await app.register(customersRoutes, opts);
  await app.register(logsRoutes, opts);
  await app.register(supportRoutes, opts);
  await app.register(agendaRoutes, opts);
  await app.register(paymentsRoutes, opts);
  await app.register(receiptsRoutes, opts);
  await app.register(bankRoutes, opts);
  await app.register(financeRoutes, opts);
  await app.register(expensesRoutes, opts);
  await app.register(cashCloseRoutes, opts);

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
