import { join } from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { requestLogSerializer } from './http/log-redaction';
import type { Database } from './db/client';
import { BODY_LIMIT, installBodyParsers } from './lib/body-parsers';
import { installErrorHandling, serverErrorOptions } from './lib/error-handler';
import type { Clock } from './lib/clock';
import { createOverloadGuard, type OverloadOptions } from './lib/overload';
import { buildOpenApiDocument } from './lib/openapi';
import { registerCalls } from './http/route-registrar';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerStaticHosting } from './http/static-hosting';
import { accountCalls } from './modules/account/account.routes';
import { AuthCache } from './modules/auth/auth-cache';
import { listenAuthEvents } from './modules/auth/auth-events';
import { authCalls } from './modules/auth/auth.routes';
import { logCalls } from './modules/log/log.routes';
import { onlineCalls } from './modules/online/online.routes';
import { IconCatalogue, iconFontDir } from './modules/icon/icon.catalogue';
import { iconCalls, registerIconFont } from './modules/icon/icon.routes';
import { openAccessCalls } from './modules/open-access/open-access.routes';
import { loadServerKey, SecretBox } from './modules/open-access/secret-box';
import { memberCalls } from './modules/member/member.routes';
import { noticeCalls } from './modules/notice/notice.routes';
import { listenNoticeEvents } from './modules/notice/notice-events';
import { registerNoticeStream } from './modules/notice/notice-stream';
import { menuCalls } from './modules/menu/menu.routes';
import { deptCalls } from './modules/dept/dept.routes';
import { memberWriteCalls } from './modules/member/member-write.routes';
import { roleNavigationCalls } from './modules/role/role-navigation.routes';
import { postCalls } from './modules/post/post.routes';
import { tenantInviteCalls } from './modules/tenant-invite/tenant-invite.routes';
import { tenantPolicyCalls } from './modules/tenant-policy/tenant-policy.routes';
import { tenantCalls } from './modules/tenant/tenant.routes';
import { platformBindCalls } from './modules/platform-bind/platform-bind.routes';
import { tenantQuotaCalls } from './modules/quota/quota.routes';
import { profileCalls } from './modules/profile/profile.routes';
import { upgradeLogCalls } from './modules/upgrade-log/upgrade-log.routes';
import { oidcCalls } from './modules/oidc/oidc.routes';
import { createAddons } from './modules/addon/addon.module';
import { createDashboard } from './modules/dashboard/dashboard.module';
import { RemoteCatalogue } from './modules/remote/remote.catalogue';
import { RemoteVersionStore } from './modules/remote/remote-versions';
import { remoteCalls } from './modules/remote/remote.routes';
import { memberPasswordCalls } from './modules/member/member-password.routes';
import { memberUnlockCalls } from './modules/member/member-unlock.routes';
import { memberSessionCalls } from './modules/member/member-session.routes';
import { logDriver, webhookDriver } from './modules/sms/sms.driver';
import { roleCalls } from './modules/role/role.routes';
import { siteCalls } from './modules/site/site.routes';
import { registerUploadFiles } from './modules/upload/upload-files';
import { registerMultipart, uploadCalls } from './modules/upload/upload.routes';
import { scheduleUploadSweep } from './modules/upload/upload-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's cache of sessions and grants (tests look into it to know it is warm). */
    authCache: AuthCache;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Fastify logger settings; defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Check every response against its contract (tests). */
  checkResponses?: boolean;
  /** The overload guard's clock and service-time estimator (tests: counts that do not depend on the machine's speed). */
  overload?: Pick<OverloadOptions, 'now' | 'serviceTimes'>;
  /** The clock of the notice stream's timers (tests move one by hand: modules/notice/notice-stream.test.ts). */
  clock?: Clock;
}

/** The server, ready for `listen()` or `inject()`. Migrations and seed are the caller's (see main.ts). */
export async function buildApp({ config, database, logger, checkResponses = false, overload, clock }: AppOptions): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  // Every request log line goes through the serializer that hides a session token in the query.
  const logOptions = logger === undefined ? { level: config.logLevel } : logger;
  const app = Fastify({
    logger: typeof logOptions === 'object' ? { ...logOptions, serializers: { req: requestLogSerializer, ...logOptions.serializers } } : logOptions,
    // A log line per request only at debug/trace: at info it would cost throughput and say little.
    logController: new LogController({ disableRequestLogging: !verbose }),
    // JSON and form bodies: 64 KiB unless the call needs more (lib/body-parsers.ts); uploads have their own limit.
    bodyLimit: BODY_LIMIT,
    // Answers made before a route runs carry the envelope too (Node's 431/400/408, a bad % in the address).
    ...serverErrorOptions({ checkTranslations: checkResponses }),
    // A request without Host is refused with the envelope (lib/security-headers.ts), not by Node with an empty 400.
    http: { requireHostHeader: false },
    // Only proxies named by TRUST_PROXY may say who the client is (per-IP limits, HSTS over TLS).
    trustProxy: config.trustProxy,
    // Requests in flight finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false },
  });

  // 1. The envelope on every failure: unknown addresses, bad input, access, crashes.
  installErrorHandling(app, { checkTranslations: checkResponses });
  // 2. Security headers on every response: CSP, framing, nosniff, referrer, HSTS over TLS.
  await registerSecurityHeaders(app);
  // 2b. Overload: at most REQUEST_CONCURRENCY calls use the database at once; one that finds them all
  //     taken waits if its expected wait (the work queued ahead, from each route's recent service times)
  //     is within REQUEST_LATENCY_BUDGET_MS, else 503 with Retry-After; a call whose client disconnects
  //     has its statements cancelled. The route registrar applies it to each call's database part.
  // PGlite runs one statement at a time inside this process: more requests at once only interleave.
  const concurrency = config.requestConcurrency ?? (database.kind === 'pglite' ? 2 : database.connections);
  const guard = createOverloadGuard({
    concurrency,
    budgetMs: config.requestLatencyBudgetMs,
    queue: config.requestQueue,
    maxWaitMs: config.requestQueueWaitMs,
    cancel: database.kind === 'postgres' ? (owner) => database.cancelQueries(owner) : undefined,
    ...overload,
  });
  // 3. gzip/brotli for API answers and the built console.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  // 4. Bodies: JSON (an empty one is {}), form-urlencoded, multipart (uploads: one file, at most 2M).
  installBodyParsers(app);
  await registerMultipart(app);
  // 5. OpenAPI from the contracts, with swagger-ui.
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/user/admin/docs' });
  // 6. The API: exactly the calls of the contract catalogue.
  const db = database.db;
  const uploadDir = join(config.dataDir, 'uploads');
  const warn = (message: string) => app.log.warn(message);
  // Remotes built into WEB_DIR, watched for redeploys; the versions seen are kept in DATA_DIR/remotes.
  const remotes = new RemoteCatalogue(db, config.webDir, warn, { versions: new RemoteVersionStore(join(config.dataDir, 'remotes'), warn) });
  await remotes.scan();
  app.addHook(
    'onClose',
    remotes.watch(config.webDirScanMs, (err) => app.log.warn({ err }, 'looking for redeployed remotes in WEB_DIR failed')),
  );
  const sms = config.sms.driver === 'webhook' && config.sms.webhookUrl ? webhookDriver(config.sms.webhookUrl) : logDriver((m) => app.log.info(m));
  const icons = new IconCatalogue(iconFontDir());
  const sessions = { ttlHours: config.sessionTtlHours, sliding: config.sessionSliding, maxHours: config.sessionMaxHours };
  // Sessions and grants in memory, checked against auth_epochs on every call and dropped early by
  // uc_auth notifications from every server on the database (modules/auth/auth-cache.ts).
  const auth = new AuthCache();
  const stopAuthEvents = await listenAuthEvents(database, auth, (m) => app.log.warn(m));
  app.addHook('onClose', stopAuthEvents);
  app.decorate('authCache', auth);
  // Notices and letters published or read on any server reach the readers' open streams (notice-stream.ts).
  const notices = await listenNoticeEvents(database, (m) => app.log.warn(m));
  app.addHook('onClose', notices.stop);
  const box = new SecretBox(loadServerKey(config.openAccessKey, config.dataDir, (m) => app.log.warn(m)));
  registerCalls(
    app,
    [
      ...accountCalls(db, config, sms),
      ...siteCalls(db, config),
      ...authCalls(db, config),
      ...memberCalls(),
      ...memberWriteCalls(),
      ...deptCalls(),
      ...postCalls(),
      ...roleNavigationCalls(),
      ...menuCalls(),
      ...roleCalls(),
      ...iconCalls(icons),
      ...logCalls(),
      ...onlineCalls(),
      ...memberSessionCalls(),
      ...memberPasswordCalls(),
      ...memberUnlockCalls(config),
      ...noticeCalls(),
      ...uploadCalls(uploadDir),
      ...openAccessCalls(db, config, box),
      ...remoteCalls(db, remotes),
      ...tenantInviteCalls(),
      ...tenantPolicyCalls(),
      ...tenantCalls(),
      ...platformBindCalls(box, config),
      ...tenantQuotaCalls(),
      ...profileCalls(sms, uploadDir),
      ...upgradeLogCalls(),
      ...oidcCalls(db, config),
      ...createAddons(app, { config, db, remotes }),
      // Made before registerCalls adds the routes: the dashboard's request metrics hook into each one.
      ...createDashboard(app, database),
    ],
    { db, checkResponses, sessions, auth, guard, inProcessExact: database.kind === 'pglite' },
  );
  // Avatars to anyone, payment codes to their tenant only; files no record refers to are swept away.
  // The unread counts as Server-Sent Events (EventSource: token in the query, this address only).
  registerNoticeStream(app, { db, sessions, events: notices.events, clock });
  registerUploadFiles(app, uploadDir, { db, sessions });
  scheduleUploadSweep(app, db, uploadDir);
  // 7. The built console: shell and remotes, and the icon font they share.
  await registerStaticHosting(app, config.webDir, remotes);
  registerIconFont(app, icons);
  return app;
}
