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
import { callsOf, type ModulePlugin } from './http/module-plugin';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerStaticHosting } from './http/static-hosting';
import { AuthCache } from './modules/auth/auth-cache';
import { listenAuthEvents } from './modules/auth/auth-events';
import { IconCatalogue, iconFontDir } from './modules/icon/icon.catalogue';
import { registerIconFont } from './modules/icon/icon.routes';
import { loadServerKey, SecretBox } from './modules/open-access/secret-box';
import { listenNoticeEvents } from './modules/notice/notice-events';
import { registerNoticeStream } from './modules/notice/notice-stream';
import { RemoteCatalogue } from './modules/remote/remote.catalogue';
import { RemoteVersionStore } from './modules/remote/remote-versions';
import { logDriver, webhookDriver } from './modules/sms/sms.driver';
import { accountModule } from './modules/account/account.plugin';
import { siteModule } from './modules/site/site.plugin';
import { authModule } from './modules/auth/auth.plugin';
import { memberModule } from './modules/member/member.plugin';
import { deptModule } from './modules/dept/dept.plugin';
import { postModule } from './modules/post/post.plugin';
import { roleModule } from './modules/role/role.plugin';
import { menuModule } from './modules/menu/menu.plugin';
import { iconModule } from './modules/icon/icon.plugin';
import { logModule } from './modules/log/log.plugin';
import { onlineModule } from './modules/online/online.plugin';
import { noticeModule } from './modules/notice/notice.plugin';
import { uploadModule } from './modules/upload/upload.plugin';
import { openAccessModule } from './modules/open-access/open-access.plugin';
import { remoteModule } from './modules/remote/remote.plugin';
import { tenantInviteModule } from './modules/tenant-invite/tenant-invite.plugin';
import { tenantPolicyModule } from './modules/tenant-policy/tenant-policy.plugin';
import { tenantModule } from './modules/tenant/tenant.plugin';
import { platformBindModule } from './modules/platform-bind/platform-bind.plugin';
import { quotaModule } from './modules/quota/quota.plugin';
import { profileModule } from './modules/profile/profile.plugin';
import { upgradeLogModule } from './modules/upgrade-log/upgrade-log.plugin';
import { oidcModule } from './modules/oidc/oidc.plugin';
import { addonModule } from './modules/addon/addon.plugin';
import { dashboardModule } from './modules/dashboard/dashboard.plugin';
import { registerUploadFiles } from './modules/upload/upload-files';
import { registerMultipart } from './modules/upload/upload.routes';
import { scheduleUploadSweep } from './modules/upload/upload-sweep';

/**
 * The server's modules, each listed once (modules/<name>/<name>.plugin.ts): their calls together are
 * the contract catalogue, which registerCalls checks. The dashboard comes last: its request metrics
 * hook into the routes of every call.
 */
const MODULES: readonly ModulePlugin[] = [
  accountModule,
  siteModule,
  authModule,
  memberModule,
  deptModule,
  postModule,
  roleModule,
  menuModule,
  iconModule,
  logModule,
  onlineModule,
  noticeModule,
  uploadModule,
  openAccessModule,
  remoteModule,
  tenantInviteModule,
  tenantPolicyModule,
  tenantModule,
  platformBindModule,
  quotaModule,
  profileModule,
  upgradeLogModule,
  oidcModule,
  addonModule,
  dashboardModule,
];

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
  // 6. The API: exactly the calls of the contract catalogue, from the modules listed in MODULES.
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
  registerCalls(app, callsOf(app, MODULES, { config, database, db, sms, icons, box, remotes, uploadDir }), {
    db,
    checkResponses,
    sessions,
    auth,
    guard,
    inProcessExact: database.kind === 'pglite',
  });
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
