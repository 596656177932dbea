import {
  dashboardAnalysisSchema,
  dashboardAttentionSchema,
  dashboardMonitorSchema,
  dashboardWorkplaceSchema,
  LOGIN_METHODS,
  type DashboardAnalysis,
  type DashboardAttention,
  type DashboardMonitor,
  type DashboardWorkplace,
} from '@uc/contracts';

/*
 * Answers of the dashboard calls for tests (not shipped: only tests import this file), parsed through
 * their contracts so a test cannot pass on data the server never sends.
 */

export const testWorkplace = (over: Partial<DashboardWorkplace> = {}): DashboardWorkplace =>
  dashboardWorkplaceSchema.parse({
    user: { id: 42, username: 'zhang.san', realName: '张三', avatar: '', lastLoginAt: '2026-03-04T05:06:00.000Z', lastLoginIp: '10.1.2.3', loginCount: 17 },
    tenant: { id: 7, name: '星河科技', isPlatform: false, expiresAt: null },
    roles: [
      { id: 1, name: '运维', key: 'ops', enabled: true },
      { id: 2, name: '审计员', key: 'audit', enabled: false },
    ],
    unread: { letterCount: 3, noticeCount: 5 },
    recentActivity: [{ id: 9, action: '/user/admin/member/edit', target: '12', ip: '10.1.2.3', createdAt: '2026-03-04T06:00:00.000Z' }],
    administrator: true,
    failedSignIns: [{ id: 5, createdAt: '2026-03-04T04:00:00.000Z', username: 'mallory', ip: '203.0.113.9', reason: 'bad_credentials', method: 'account' }],
    attention: null,
    serverTime: '2026-03-04T08:00:00.000Z',
    ...over,
  });

/** The platform operators' attention card as the server sends it at testWorkplace's serverTime (2026-03-04 08:00 UTC). */
export const testAttention = (over: Partial<DashboardAttention> = {}): DashboardAttention =>
  dashboardAttentionSchema.parse({
    tenants: {
      total: 12,
      list: [
        // Licensed through 2026-03-01: ended.
        { id: 31, name: '旧城物流', expiresAt: '2026-03-02T00:00:00.000Z', expired: true },
        // Licensed through 2026-03-08: ends in 4 days.
        { id: 32, name: '云帆制造', expiresAt: '2026-03-09T00:00:00.000Z', expired: false },
      ],
    },
    remotes: [{ name: 'acme-map', version: '1.4.0', manifest: 'bad-status', httpStatus: 502, checkedAt: '2026-03-04T07:59:00.000Z' }],
    addons: [
      {
        name: 'acme-report',
        version: '1.2.0',
        versionId: 'acme-report@1.2.0',
        error: '安装包校验失败，请重新安装',
        failedAt: '2026-03-03T22:00:00.000Z',
      },
    ],
    ...over,
  });

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

export const testAnalysis = (over: Partial<DashboardAnalysis> = {}): DashboardAnalysis =>
  dashboardAnalysisSchema.parse({
    scope: { tenantId: 7, tenantName: '星河科技' },
    range: { from: DAYS[0], to: DAYS[2], timezone: 'Asia/Shanghai', days: 3 },
    users: { total: 120, active1d: 8, active7d: 40, active30d: 95 },
    registrations: DAYS.map((date, i) => ({ date, count: [2, 0, 5][i], registered: [2, 0, 3][i] })),
    signIns: DAYS.map((date, i) => ({ date, succeeded: [10, 12, 31][i], failed: [1, 0, 4][i] })),
    signInMethods: [
      ...LOGIN_METHODS.map((method) => ({ method, succeeded: method === 'account' ? 50 : 3, failed: method === 'account' ? 5 : 0 })),
      { method: 'sso-x', succeeded: 1, failed: 0 },
    ],
    topTenants: null,
    quota: [
      { kind: 'users', max: 200, used: 120 },
      { kind: 'depts', max: 0, used: 12 },
      { kind: 'roles', max: 10, used: 10 },
    ],
    ledger: DAYS.map((date, i) => ({
      date,
      balanceAdded: ['100.00', '0.00', '12.50'][i],
      balanceDeducted: ['0.00', '30.25', '0.00'][i],
      pointsAdded: [10, 0, 200][i],
      pointsDeducted: [0, 5, 0][i],
      changes: [1, 1, 2][i],
    })),
    ...over,
  });

export const testMonitor = (over: Partial<DashboardMonitor> = {}): DashboardMonitor =>
  dashboardMonitorSchema.parse({
    process: {
      pid: 4242,
      nodeVersion: 'v20.20.2',
      startedAt: '2026-03-01T00:00:00.000Z',
      uptimeSeconds: 3 * 86_400 + 4 * 3_600 + 5 * 60,
      cpuPercent: 12.5,
      cores: 2,
      memory: { rss: 150 * 1024 * 1024, heapUsed: 60 * 1024 * 1024, heapTotal: 90 * 1024 * 1024, external: 5 * 1024 * 1024 },
      eventLoopDelay: { p50: 10.2, p99: 21.5, max: 40 },
    },
    database: {
      kind: 'pglite',
      sizeBytes: 42 * 1024 * 1024,
      connections: null,
      slowestCalls: [{ method: 'GET', path: '/user/admin/member/list', calls: 30, meanMs: 4.2, p99Ms: 12, maxMs: 15 }],
      slowestStatements: [
        {
          sql: 'select "id", "username" from "users" where ("users"."tenant_id" = $1 and "users"."deleted_at" is null) order by "users"."id" desc limit $2',
          calls: 61,
          meanMs: 1.8,
          p99Ms: 9.5,
          maxMs: 1234.5,
        },
      ],
    },
    requests: {
      minutes: [
        { at: '2026-03-04T07:58:00.000Z', requests: 0, clientErrors: 0, serverErrors: 0, p50: null, p99: null },
        { at: '2026-03-04T07:59:00.000Z', requests: 40, clientErrors: 2, serverErrors: 1, p50: 3, p99: 18 },
      ],
      hour: { requests: 40, clientErrors: 2, serverErrors: 1, p50: 3, p99: 18 },
    },
    sessions: { active: 9, recent: 4 },
    remotes: [
      {
        name: 'org',
        version: '0.1.0-1a2b3c4d',
        entry: '/user/web/remotes/org/0.1.0-1a2b3c4d/mf-manifest.json',
        enabled: true,
        manifest: 'ok',
        httpStatus: 200,
        ms: 1,
        checkedAt: '2026-03-04T08:00:00.000Z',
      },
      {
        name: 'reports',
        version: '2.0.0',
        entry: 'https://cdn.example.com/reports/mf-manifest.json',
        enabled: false,
        manifest: 'bad-status',
        httpStatus: 502,
        ms: 120,
        checkedAt: '2026-03-04T07:59:58.000Z',
      },
    ],
    serverTime: '2026-03-04T08:00:00.000Z',
    ...over,
  });
