import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { unreadCountSchema } from './notice.contract';
import { QUOTA_KINDS } from './tenant-quota.contract';

/*
 * The dashboard (issue 16): /dashboard/workplace, /dashboard/analysis and /dashboard/monitor of the
 * home remote. Every figure is computed from the real tables when asked (login log, audit log, ledger,
 * users, sessions), in the caller's tenant transaction, so row-level security decides what is counted.
 *
 * Who may call:
 * - workplace: any signed-in user (access 'session'). Its `failedSignIns` part is for administrators
 *   only, meaning callers whose roles grant LOGIN_LOG_PERMISSION: the permission that already shows
 *   them those very rows in the login log list, so the workplace never reveals more than that screen.
 * - analysis: callers granted its address (a menu of /dashboard/analysis must carry it). A tenant's
 *   caller sees their own tenant; the platform's callers see every tenant, or one with `tenantId`.
 * - monitor: the platform's administrators granted its address (platformOnly, like tenant management).
 * - the workplace's `attention` part: the platform's callers only, and each of its lists only to those
 *   holding the permission of the screen it links to (see dashboardAttentionSchema).
 *
 * Days are calendar days in the query's `timezone` (an IANA name; the console sends the browser's).
 */

/** The permission that makes a caller an administrator for the workplace (see above). */
export const LOGIN_LOG_PERMISSION = '/user/admin/log/login/list';

/** Longest range of one analysis query, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 366;
/** The range when `from` is left out: this many days ending on `to`. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** Rows of the workplace's recent activity and failed sign-ins. */
export const DASHBOARD_RECENT_ROWS = 10;
/** Tenants in the analysis's ranking by users. */
export const DASHBOARD_TOP_TENANTS = 10;
/** The monitor's per-minute series covers this many minutes, the current one last. */
export const MONITOR_MINUTES = 60;
/** The monitor's slowest SQL statements are cut to this many characters (the full text is in the server's code). */
export const SLOW_STATEMENT_CHARS = 600;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is refused rather than rolled over into March). */
const isCalendarDay = (v: string): boolean => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && y <= 9999 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};
const daySchema = (message: string) =>
  z
    .string({ error: message })
    .max(10, message)
    .regex(DATE_PATTERN, message)
    .refine((v) => isCalendarDay(v), message);

const TIMEZONE_RULE = 'The time zone must be a time zone name such as Asia/Shanghai or UTC';
/** An IANA time zone name; Intl checks the name exists (the server checks again with the database). */
const timezoneSchema = z
  .string({ error: TIMEZONE_RULE })
  .max(64, TIMEZONE_RULE)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, TIMEZONE_RULE)
  .refine((v) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, TIMEZONE_RULE);

export const dashboardAnalysisQuery = z.object({
  /** First day (YYYY-MM-DD); default: DASHBOARD_DEFAULT_DAYS days ending on `to`. */
  from: daySchema('The start date must be a date such as 2026-05-01').optional(),
  /** Last day, included (YYYY-MM-DD); default: today in `timezone`. At most DASHBOARD_MAX_DAYS days after `from`. */
  to: daySchema('The end date must be a date such as 2026-05-31').optional(),
  /** The time zone whose midnights divide the days; default UTC. */
  timezone: timezoneSchema.default('UTC'),
  /**
   * The platform's callers only: one tenant's figures instead of every tenant's. Anyone else may leave
   * it out or name their own tenant; another tenant's id is refused (403).
   */
  tenantId: z.coerce
    .number({ error: 'The tenant ID must be a number' })
    .int('The tenant ID must be a whole number')
    .min(1, 'The tenant ID must be at least 1')
    .max(2 ** 53 - 1, 'The tenant ID is too large')
    .optional(),
});
export type DashboardAnalysisQuery = z.output<typeof dashboardAnalysisQuery>;

/*
 * The workplace.
 */

const recentActivityRow = z.object({
  id: z.number().int(),
  /** The API address the user called (an administrative write), such as /user/admin/member/edit. */
  action: z.string(),
  /** What it acted on (a record id), or empty. */
  target: z.string(),
  ip: z.string(),
  createdAt: z.string(),
});

const failedSignInRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** As typed at the sign-in. */
  username: z.string(),
  ip: z.string(),
  /** One of LOGIN_REASONS (never 'ok'). */
  reason: z.string(),
  /** One of LOGIN_METHODS. */
  method: z.string(),
});

/** What the monitor says of a remote's manifest (see dashboardMonitorSchema's `remotes`). */
export const REMOTE_MANIFEST_STATES = ['ok', 'missing', 'unreachable', 'bad-status', 'checking'] as const;

/** The attention card looks this many days ahead for tenant licences ending. */
export const ATTENTION_EXPIRY_DAYS = 30;

const attentionTenantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The instant the licence ends (ISO 8601; tenantExpiryDate gives the last day a person chose). */
  expiresAt: z.string(),
  /** It has already ended: the tenant's users are refused with code 60 until it is extended. */
  expired: z.boolean(),
});

const attentionRemoteRow = z.object({
  name: z.string(),
  version: z.string(),
  /** Why it failed: 'missing', 'unreachable' or 'bad-status' (never 'ok' or 'checking'). */
  manifest: z.enum(REMOTE_MANIFEST_STATES),
  httpStatus: z.number().int().nullable(),
  /** When that check was made (ISO 8601). */
  checkedAt: z.string(),
});

const attentionAddonRow = z.object({
  name: z.string(),
  /** The version the failed job was installing, updating or rolling back to. */
  version: z.string(),
  /** `name@version`: the market's details page of that version (/addons/market/details/:versionId). */
  versionId: z.string(),
  /** Why it failed, in the reader's language (as the application card says it). */
  error: z.string(),
  /** When the job failed (ISO 8601); for a job that died with its server, when it last moved. */
  failedAt: z.string(),
});

/**
 * What the platform's operators should look at first (issue 16). Each list is null for a caller who
 * does not hold the permission of the screen its rows open, and an empty list means all is well:
 * - tenants: the tenant list's and details page's addresses (tenantListCall, tenantViewCall);
 * - remotes: the monitor's (dashboardMonitorCall);
 * - addons: the market page's (appJobCall, which the /addons/market menu carries).
 */
export const dashboardAttentionSchema = z.object({
  /**
   * Enabled tenants (the platform's own aside) whose licence ends within ATTENTION_EXPIRY_DAYS days or
   * has ended: the DASHBOARD_RECENT_ROWS ending soonest (longest ended first), and how many there are.
   */
  tenants: z.object({ total: z.number().int(), list: z.array(attentionTenantRow) }).nullable(),
  /**
   * Enabled remotes whose manifest did not answer at the last check (the monitor's checks: builds and
   * addons are asked now, in process; an external address's last result is reused, and one never
   * checked yet is checked in the background and left out until the next call).
   */
  remotes: z.array(attentionRemoteRow).nullable(),
  /** Addons whose last install, update or roll back failed (installStatus -1), latest failure first. */
  addons: z.array(attentionAddonRow).nullable(),
});
export type DashboardAttention = z.infer<typeof dashboardAttentionSchema>;

export const dashboardWorkplaceSchema = z.object({
  /** The caller, for the greeting. */
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    /** Empty when the user has none: greet by `username` then. */
    realName: z.string(),
    avatar: z.string(),
    /**
     * 上次登录: the user's sign-in before the one that opened this session (its time and address), or
     * null and '' at their first sign-in. Never this session's own sign-in.
     */
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string(),
    loginCount: z.number().int(),
  }),
  tenant: z.object({
    id: z.number().int(),
    name: z.string(),
    isPlatform: z.boolean(),
    /** When the tenant's licence ends (ISO 8601); null: never. */
    expiresAt: z.string().nullable(),
  }),
  /** The caller's roles in their tenant, enabled or not (only enabled ones grant anything). */
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), key: z.string(), enabled: z.boolean() })),
  /** The header badge's counts (the notice module's unread counts, the user's switches applied). */
  unread: unreadCountSchema,
  /** The caller's own latest administrative writes (audit log), newest first, at most DASHBOARD_RECENT_ROWS. */
  recentActivity: z.array(recentActivityRow),
  /** Whether the caller holds LOGIN_LOG_PERMISSION (or is the platform's super administrator). */
  administrator: z.boolean(),
  /**
   * Administrators only (null for everyone else): the latest failed sign-ins of the caller's tenant,
   * newest first, at most DASHBOARD_RECENT_ROWS. The platform's also include attempts with user names
   * that matched nobody, which belong to no tenant.
   */
  failedSignIns: z.array(failedSignInRow).nullable(),
  /** The platform's callers only (null for a tenant's): what needs their attention (dashboardAttentionSchema). */
  attention: dashboardAttentionSchema.nullable(),
  /** The server's clock when the answer was made (ISO 8601). */
  serverTime: z.string(),
});
export type DashboardWorkplace = z.infer<typeof dashboardWorkplaceSchema>;

export const dashboardWorkplaceCall = defineCall({
  method: 'GET',
  path: '/admin/admin/dashboard/workplace',
  access: 'session',
  tag: 'dashboard',
  summary:
    "The caller's workplace: who they are (tenant, roles), their unread notices and letters, their latest administrative writes and, for administrators (login log permission), their tenant's latest failed sign-ins; for the platform's operators, tenant licences ending, remotes not answering and failed addon jobs.",
  data: dashboardWorkplaceSchema,
});

/*
 * The analysis. Every daily series has one entry per day of the range, in order, zero-filled, so
 * charts are continuous.
 */

const dateField = z.string();

export const dashboardAnalysisSchema = z.object({
  /** Whose figures these are. */
  scope: z.object({
    /** The tenant counted; null: every tenant (the platform without `tenantId`). */
    tenantId: z.number().int().nullable(),
    tenantName: z.string().nullable(),
  }),
  /** The range as applied (defaults filled in). */
  range: z.object({ from: dateField, to: dateField, timezone: z.string(), days: z.number().int() }),
  /**
   * Users not deleted (the recycle bin is not counted) now, whatever the range. `activeNd`: of those,
   * the ones whose latest successful sign-in (users.lastLoginAt) falls in the last N × 24 hours.
   */
  users: z.object({
    total: z.number().int(),
    active1d: z.number().int(),
    active7d: z.number().int(),
    active30d: z.number().int(),
  }),
  /**
   * Users created per day, deleted ones included (purged ones are gone): `count` all of them, `registered`
   * those who signed themselves up (the registration page, with or without an invitation). The rest were
   * added by an administrator, imported, made with a tenant, or created before the server recorded how
   * (users.source, migration 0039).
   */
  registrations: z.array(z.object({ date: dateField, count: z.number().int(), registered: z.number().int() })),
  /**
   * Sign-in attempts per day from the login log, by result. For every tenant, the failures with user
   * names that matched nobody (no tenant) are counted too.
   */
  signIns: z.array(z.object({ date: dateField, succeeded: z.number().int(), failed: z.number().int() })),
  /**
   * The same attempts over the whole range by method: every one of LOGIN_METHODS (account: user name and
   * password; mobile: SMS code; open: open access key; demo: the demo account; oidc: OpenID Connect),
   * zeros included, in that order; then any other method the log holds.
   */
  signInMethods: z.array(z.object({ method: z.string(), succeeded: z.number().int(), failed: z.number().int() })),
  /**
   * The platform's callers only (null otherwise), whatever `tenantId` says: the DASHBOARD_TOP_TENANTS
   * tenants with the most users (not deleted), most first.
   */
  topTenants: z.array(z.object({ tenantId: z.number().int(), name: z.string(), users: z.number().int() })).nullable(),
  /**
   * The tenant's quotas (null for every tenant at once): each policy maximum (0 = unlimited) with what
   * is used: live users, departments, roles and posts of this server, and the units other services
   * reserved for the rest (as GET /user/admin/tenant/quota answers).
   */
  quota: z.array(z.object({ kind: z.enum(QUOTA_KINDS), max: z.number().int(), used: z.number().int() })).nullable(),
  /**
   * Balance and points changes per day from the member ledger: what was added and what was deducted
   * (both positive), and how many changes there were. Balances are decimal strings (money, exact).
   */
  ledger: z.array(
    z.object({
      date: dateField,
      balanceAdded: z.string(),
      balanceDeducted: z.string(),
      pointsAdded: z.number(),
      pointsDeducted: z.number(),
      changes: z.number().int(),
    }),
  ),
});
export type DashboardAnalysis = z.infer<typeof dashboardAnalysisSchema>;

export const dashboardAnalysisCall = defineCall({
  method: 'GET',
  path: '/admin/admin/dashboard/analysis',
  access: 'permission',
  tag: 'dashboard',
  summary:
    "Figures of the caller's tenant (every tenant, or the one named by tenantId, for the platform) over a range of days (default the last 30, at most 366): users and active users, registrations, sign-ins by day and method, quotas, ledger movements, and the platform's top tenants by users.",
  query: dashboardAnalysisQuery,
  data: dashboardAnalysisSchema,
});

/*
 * The monitor: this server process and what it measured itself, the database, sessions, remotes.
 */

const percentiles = z.object({
  /** Milliseconds; null when nothing was measured. */
  p50: z.number().nullable(),
  p99: z.number().nullable(),
});

export const dashboardMonitorSchema = z.object({
  /** The process answering this call (with several servers behind a balancer, one of them). */
  process: z.object({
    pid: z.number().int(),
    nodeVersion: z.string(),
    startedAt: z.string(),
    uptimeSeconds: z.number(),
    /**
     * CPU time the process used as a percentage of one core (above 100 when it used several), over the
     * time since the previous monitor call (at least a second; since start for the first).
     */
    cpuPercent: z.number(),
    cores: z.number().int(),
    /** Bytes. */
    memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number() }),
    /** Event loop delay over the same window as cpuPercent, in milliseconds (perf_hooks monitorEventLoopDelay). */
    eventLoopDelay: percentiles.extend({ max: z.number().nullable() }),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The database's size on disk (pg_database_size). */
    sizeBytes: z.number(),
    /** PostgreSQL only (null on the embedded PGlite): connections to this database by every server, by state. */
    connections: z
      .object({
        total: z.number().int(),
        active: z.number().int(),
        idle: z.number().int(),
        idleInTransaction: z.number().int(),
        /** The server's max_connections. */
        max: z.number().int(),
        /** This server's own pool: connections open, idle, and requests waiting for one. */
        pool: z.object({ open: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).nullable(),
      })
      .nullable(),
    /**
     * The API calls this process measured slowest since it started, by their p99 (each call's time is
     * mostly its database work), at most 10.
     */
    slowestCalls: z.array(
      z.object({
        method: z.string(),
        path: z.string(),
        calls: z.number().int(),
        meanMs: z.number(),
        p99Ms: z.number(),
        maxMs: z.number(),
      }),
    ),
    /**
     * The SQL statements this process sent slowest since it started, by their p99 (then mean), at most
     * 10: the time from sending a statement to its answer, measured in the database client (so on
     * PGlite it includes waiting for the embedded database). `sql` is the statement's text with its
     * parameters as $1, $2…, cut at SLOW_STATEMENT_CHARS.
     */
    slowestStatements: z.array(
      z.object({
        sql: z.string(),
        calls: z.number().int(),
        meanMs: z.number(),
        p99Ms: z.number(),
        maxMs: z.number(),
      }),
    ),
  }),
  /**
   * The API calls (the contract catalogue's addresses) this process answered per minute, the last
   * MONITOR_MINUTES minutes, oldest first, the current minute last: how many, how many were refused
   * (4xx) or failed (5xx), and the latency percentiles (from a log-bucketed histogram: within 10 %).
   */
  requests: z.object({
    minutes: z.array(
      percentiles.extend({
        /** Start of the minute (ISO 8601). */
        at: z.string(),
        requests: z.number().int(),
        clientErrors: z.number().int(),
        serverErrors: z.number().int(),
      }),
    ),
    /** The same over the whole hour. */
    hour: percentiles.extend({ requests: z.number().int(), clientErrors: z.number().int(), serverErrors: z.number().int() }),
  }),
  /** Sessions of every tenant neither revoked nor expired, and of those the ones used in the last 5 minutes. */
  sessions: z.object({ active: z.number().int(), recent: z.number().int() }),
  /**
   * Every registered remote (enabled or not) and whether its manifest answers: 'ok'; 'missing' (this
   * server has no such file: a build or addon version gone); 'unreachable' (an external address that did
   * not answer within 2 s); 'bad-status' (it answered with an error, httpStatus says which); 'checking'
   * (the first check of an external address is still running: ask again in a moment). Builds and
   * addons, served by this server, are checked on every call; an external address's result may be a
   * few seconds old (checkedAt), as the call does not wait for slow addresses.
   */
  remotes: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      entry: z.string(),
      enabled: z.boolean(),
      manifest: z.enum(REMOTE_MANIFEST_STATES),
      httpStatus: z.number().int().nullable(),
      /** How long the check took (ms). */
      ms: z.number(),
      /** When the check was made (ISO 8601); null while it is 'checking'. */
      checkedAt: z.string().nullable(),
    }),
  ),
  /** The server's clock when the answer was made (ISO 8601). */
  serverTime: z.string(),
});
export type DashboardMonitor = z.infer<typeof dashboardMonitorSchema>;

export const dashboardMonitorCall = defineCall({
  method: 'GET',
  path: '/admin/admin/dashboard/monitor',
  access: 'permission',
  platformOnly: true,
  tag: 'dashboard',
  summary:
    "The platform administrators': this server process (uptime, CPU, memory, event loop delay), the database (size, connections, slowest calls), API requests, errors and latency per minute over the last hour, sessions online, and whether each remote's manifest answers.",
  data: dashboardMonitorSchema,
});

export const DASHBOARD_CALLS: readonly CallContract[] = [dashboardWorkplaceCall, dashboardAnalysisCall, dashboardMonitorCall];
