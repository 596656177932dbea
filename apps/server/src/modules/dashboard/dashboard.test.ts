import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  DASHBOARD_TOP_TENANTS,
  dashboardAnalysisCall,
  LOGIN_LOG_PERMISSION,
  QUOTA_KINDS,
  userSource,
  type DashboardAnalysis,
  type DashboardMonitor,
  type DashboardWorkplace,
  type LoginMethod,
  type LoginReason,
  type QuotaKindName,
} from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auditLogs, loginLogs, memberLedger, menus, noticeRecipients, notices, tenantPolicies, tenants, users } from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-database';
import { releaseQuota, reserveQuota } from '../quota/quota-reserve.service';
import { upsertRemote } from '../remote/remote.repository';

/*
 * Known data over three days (2025-03-10 to 12) and two tenants, A and B, plus attempts with user
 * names that matched nobody; each expectation below is counted by hand from it. Days are Shanghai's
 * (UTC+8) unless a test says otherwise: rows near midnight land on the day the zone says, so a bucket
 * taken in UTC, or a wrong GROUP BY, fails.
 *
 * A and B differ in every figure (users, active users, registrations, sign-ins, methods, ledger,
 * quota), so a query that loses its tenant filter when the platform picks one tenant answers a mix of
 * both and fails. Ten more tenants, with known numbers of users, make the ranking by users longer than
 * DASHBOARD_TOP_TENANTS (see RANKED).
 */

const web = mkdtempSync(join(tmpdir(), 'uc-dashboard-web-'));
mkdirSync(join(web, 'org', 'dist'), { recursive: true });
writeFileSync(join(web, 'org', 'dist', 'uc-remote.json'), JSON.stringify({ name: 'org', version: '0.1.0-abc', routes: ['/org'] }));
writeFileSync(join(web, 'org', 'dist', 'mf-manifest.json'), '{"id":"org"}');

let t: TestApp;
let platformToken: string;
let a: { tenantId: number; adminId: number; adminToken: string; plainId: number; plainToken: string };
let b: { tenantId: number; adminId: number; adminToken: string };
/** The ranking's tenants by code (RANKED), for their ids. */
const ranked = new Map<string, number>();
/** An external manifest host: /ok answers 200, anything else 500. */
let manifests: Server;
let manifestBase: string;

const ZONE = 'Asia/Shanghai';
const RANGE = { from: '2025-03-10', to: '2025-03-12', timezone: ZONE };
const at = (iso: string) => new Date(iso);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Grants the user's own role every menu entry carrying exactly `path`. */
async function grant(tenantId: number, userId: number, path: string): Promise<void> {
  await t.db.execute(sql`insert into role_menus (tenant_id, role_id, menu_id)
    select ${tenantId}, ur.role_id, m.id from user_roles ur, menus m where ur.tenant_id = ${tenantId} and ur.user_id = ${userId} and m.permissions = ${path}`);
}

function attempts(
  tenantId: number | null,
  iso: string,
  method: LoginMethod,
  reason: LoginReason,
  times = 1,
  username = `user-${tenantId ?? 'nobody'}`,
): (typeof loginLogs.$inferInsert)[] {
  return Array.from({ length: times }, () => ({
    tenantId,
    userId: null,
    username,
    method,
    result: reason === 'ok' ? 1 : 2,
    reason,
    ip: `10.16.0.${tenantId ?? 0}`,
    createdAt: at(iso),
  }));
}

const user = (
  tenantId: number,
  username: string,
  createdAt: Date,
  lastLoginAt: Date | null,
  deletedAt: Date | null = null,
  source: number = userSource.administrator,
) => ({
  tenantId,
  username,
  passwordHash: 'x',
  source,
  createdAt,
  lastLoginAt,
  deletedAt,
});

const ledger = (tenantId: number, userId: number, iso: string, kind: 1 | 2, change: string) => ({
  tenantId,
  userId,
  kind,
  before: '0',
  after: '0',
  change,
  operatorId: userId,
  createdAt: at(iso),
});

/**
 * The tenants of the ranking by users, made in this order (so their ids ascend down the list): code,
 * live users, users in the recycle bin (never counted). With A (6 live), B (9) and the platform's own
 * tenant (1: the seeded admin) that is 13 tenants. The ranking is by live users, most first, a tie
 * going to the lower tenant id (usersByTenant's `order by n desc, tenant_id`): the eights show a tie
 * inside the ten, the threes one at the cut, where top-3-first (older) is in and top-3-second out.
 * The users in the recycle bin would reorder it if counted: top-2 and top-3-second would pass
 * top-3-first, and A (7 then) would pass top-7.
 */
const RANKED: [code: string, live: number, deleted: number][] = [
  ['top-14', 14, 0],
  ['top-8-first', 8, 0],
  ['top-11', 11, 0],
  ['top-8-second', 8, 0],
  ['top-2', 2, 1],
  ['top-7', 7, 0],
  ['top-3-first', 3, 0],
  ['top-5', 5, 0],
  ['top-3-second', 3, 2],
  ['top-4', 4, 0],
];
/** Live users of every tenant: the platform's seeded admin, A's six, B's nine and RANKED's. */
const ALL_LIVE_USERS = 1 + 6 + 9 + RANKED.reduce((n, [, live]) => n + live, 0);

/** A tenant with `live` users and `deleted` more in the recycle bin, none of them ever signed in. */
async function tenantWithUsers(code: string, live: number, deleted: number): Promise<number> {
  const { tenantId } = await createTenant(t.db, { code });
  const made = (i: number, deletedAt: Date | null) => user(tenantId, `${code}.u${i}`, at('2024-01-01T00:00:00Z'), null, deletedAt);
  await t.db
    .insert(users)
    .values([...Array.from({ length: live }, (_, i) => made(i, null)), ...Array.from({ length: deleted }, (_, i) => made(live + i, new Date()))]);
  return tenantId;
}

/** A's policy: a different maximum for each count (a column read for another shows), one unlimited (0). */
const A_POLICY = {
  maxUsers: 50,
  maxDepts: 5,
  maxRoles: 8,
  maxPosts: 3,
  maxProjects: 4,
  maxProjectDevices: 0,
  maxProjectScenes: 6,
  maxProducts: 9,
  maxDevices: 100,
  maxDeviceProperties: 500,
};

beforeAll(async () => {
  manifests = createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 500).end('{}'));
  await new Promise<void>((r) => manifests.listen(0, '127.0.0.1', r));
  manifestBase = `http://127.0.0.1:${(manifests.address() as AddressInfo).port}`;

  t = await createTestApp({ webDir: web });
  platformToken = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
  // The analysis is granted through a menu carrying its address (the dashboard's menus come with its screens).
  await t.db.insert(menus).values({ type: 3, name: 'Analysis (test)', locale: 'test.analysis', permissions: dashboardAnalysisCall.path });

  const ta = await createTenant(t.db, { code: 'dash-a' });
  const adminId = await createUser(t.db, { username: 'dash-a.admin', realName: 'Ada Admin', tenantId: ta.tenantId, menuPaths: [] });
  await grant(ta.tenantId, adminId, LOGIN_LOG_PERMISSION);
  await grant(ta.tenantId, adminId, dashboardAnalysisCall.path);
  const plainId = await createUser(t.db, { username: 'dash-a.plain', realName: 'Pat Plain', tenantId: ta.tenantId });
  a = {
    tenantId: ta.tenantId,
    adminId,
    adminToken: await tokenFor(t.db, ta.tenantId, adminId),
    plainId,
    plainToken: await tokenFor(t.db, ta.tenantId, plainId),
  };
  const tb = await createTenant(t.db, { code: 'dash-b' });
  const adminB = await createUser(t.db, { username: 'dash-b.admin', tenantId: tb.tenantId, menuPaths: [] });
  await grant(tb.tenantId, adminB, LOGIN_LOG_PERMISSION);
  await grant(tb.tenantId, adminB, dashboardAnalysisCall.path);
  await createUser(t.db, { username: 'dash-b.other', tenantId: tb.tenantId });
  b = { tenantId: tb.tenantId, adminId: adminB, adminToken: await tokenFor(t.db, tb.tenantId, adminB) };
  for (const [code, live, deleted] of RANKED) ranked.set(code, await tenantWithUsers(code, live, deleted));

  // Users of A: six live (the two above and r1..r4) and r5 in the recycle bin.
  await t.db.insert(users).values([
    user(a.tenantId, 'dash-a.r1', at('2025-03-10T05:00:00Z'), hoursAgo(2)),
    user(a.tenantId, 'dash-a.r2', at('2025-03-10T05:00:00Z'), hoursAgo(72)),
    // 20:00 UTC on the 11th is 04:00 on the 12th in Shanghai.
    user(a.tenantId, 'dash-a.r3', at('2025-03-11T20:00:00Z'), hoursAgo(20 * 24), null, userSource.registered),
    user(a.tenantId, 'dash-a.r4', at('2024-01-01T00:00:00Z'), hoursAgo(40 * 24)),
    user(a.tenantId, 'dash-a.r5', at('2025-03-10T06:00:00Z'), hoursAgo(1), new Date()),
  ]);
  // B: nine live users (the two above and r1, d1a..old) and gone in the recycle bin. Active: 2 in the
  // last day, 3 in the last 7, 5 in the last 30 (A: 1, 2, 3); created in the range: 0, 2, 2 (A: 3, 0, 1).
  await t.db.insert(users).values([
    user(b.tenantId, 'dash-b.r1', at('2025-03-11T05:00:00Z'), null),
    // 16:30 UTC on the 10th is 00:30 on the 11th in Shanghai.
    user(b.tenantId, 'dash-b.d1a', at('2025-03-10T16:30:00Z'), hoursAgo(3), null, userSource.registered),
    user(b.tenantId, 'dash-b.d1b', at('2024-06-01T00:00:00Z'), hoursAgo(20)),
    user(b.tenantId, 'dash-b.d7', at('2025-03-12T03:00:00Z'), hoursAgo(3 * 24), null, userSource.registered),
    user(b.tenantId, 'dash-b.d30a', at('2024-06-01T00:00:00Z'), hoursAgo(10 * 24)),
    user(b.tenantId, 'dash-b.d30b', at('2024-06-01T00:00:00Z'), hoursAgo(29 * 24)),
    user(b.tenantId, 'dash-b.old', at('2024-06-01T00:00:00Z'), hoursAgo(45 * 24)),
    // Signed in an hour ago, but deleted: not active, not live; still a registration of the 12th.
    user(b.tenantId, 'dash-b.gone', at('2025-03-12T10:00:00Z'), hoursAgo(1), new Date()),
  ]);

  await t.db.insert(loginLogs).values([
    // A. Shanghai's 10th starts at 16:00 UTC on the 9th.
    ...attempts(a.tenantId, '2025-03-09T15:59:00Z', 'account', 'ok'),
    ...attempts(a.tenantId, '2025-03-09T16:00:00Z', 'account', 'ok'),
    ...attempts(a.tenantId, '2025-03-10T01:00:00Z', 'account', 'ok', 2),
    ...attempts(a.tenantId, '2025-03-10T01:00:00Z', 'account', 'bad_credentials', 1, 'dash-a.typo'),
    ...attempts(a.tenantId, '2025-03-10T17:30:00Z', 'mobile', 'ok'),
    ...attempts(a.tenantId, '2025-03-11T10:00:00Z', 'open', 'ok'),
    ...attempts(a.tenantId, '2025-03-11T10:00:00Z', 'demo', 'ok'),
    ...attempts(a.tenantId, '2025-03-12T15:59:00Z', 'account', 'captcha', 2, 'dash-a.bot'),
    // Shanghai's 13th: after the range there, on the 12th in UTC.
    ...attempts(a.tenantId, '2025-03-12T16:00:00Z', 'account', 'ok'),
    // Berlin's clocks go forward on the 30th: a day of 23 hours, from 23:00 UTC on the 29th to 22:00 UTC.
    ...attempts(a.tenantId, '2025-03-29T22:59:00Z', 'account', 'ok'),
    ...attempts(a.tenantId, '2025-03-29T23:00:00Z', 'account', 'ok'),
    ...attempts(a.tenantId, '2025-03-30T21:59:00Z', 'account', 'ok'),
    ...attempts(a.tenantId, '2025-03-30T22:00:00Z', 'account', 'ok'),
    // B
    ...attempts(b.tenantId, '2025-03-10T02:00:00Z', 'account', 'ok', 3),
    ...attempts(b.tenantId, '2025-03-11T02:00:00Z', 'oidc', 'unbound', 1, 'dash-b.stranger'),
    // 16:30 UTC on the 11th is 00:30 on the 12th in Shanghai.
    ...attempts(b.tenantId, '2025-03-11T16:30:00Z', 'open', 'bad_signature'),
    ...attempts(b.tenantId, '2025-03-12T01:00:00Z', 'mobile', 'ok', 2),
    // No tenant: a user name that matched nobody; and the platform's own failure.
    ...attempts(null, '2025-03-11T03:00:00Z', 'account', 'bad_credentials', 1, 'nobody-here'),
    ...attempts(PLATFORM_TENANT_ID, '2025-03-09T03:00:00Z', 'account', 'bad_credentials', 1, 'admin'),
  ]);

  await t.db.insert(memberLedger).values([
    ledger(a.tenantId, adminId, '2025-03-10T02:00:00Z', 1, '100.50'),
    ledger(a.tenantId, adminId, '2025-03-10T03:00:00Z', 1, '-20.25'),
    ledger(a.tenantId, adminId, '2025-03-10T04:00:00Z', 2, '30'),
    ledger(a.tenantId, adminId, '2025-03-12T10:00:00Z', 2, '-5'),
    ledger(a.tenantId, adminId, '2025-03-12T10:00:00Z', 1, '0.10'),
    ledger(b.tenantId, adminB, '2025-03-10T02:00:00Z', 1, '1000'),
    ledger(b.tenantId, adminB, '2025-03-11T08:00:00Z', 2, '40'),
    ledger(b.tenantId, adminB, '2025-03-12T02:00:00Z', 1, '-250.75'),
    // 23:30 on the 12th in Shanghai; the next one is 00:00 on the 13th, after the range.
    ledger(b.tenantId, adminB, '2025-03-12T15:30:00Z', 2, '-15'),
    ledger(b.tenantId, adminB, '2025-03-12T16:00:00Z', 1, '999'),
  ]);

  // A's policy has maxima, and another service (a device service, say) reserved units of A's counts
  // as it would through /user/admin/tenant/quota/reserve: 30 + 12 devices and 3 projects held, 2
  // scenes reserved and given back. B has no policy (every maximum 0) and 7 devices reserved.
  // It allows the workplace, which a tenant policy decides (tenant-policy/policy-pages.ts).
  const workplaceMenu = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/dashboard/workplace'));
  const [policy] = await t.db
    .insert(tenantPolicies)
    .values({ title: 'Dashboard A', ...A_POLICY, menuIds: workplaceMenu.map((m) => m.id) })
    .returning({ id: tenantPolicies.id });
  await t.db.update(tenants).set({ policyId: policy!.id }).where(eq(tenants.id, a.tenantId));
  const service = { tenantId: a.tenantId, userId: adminId };
  await reserveQuota(t.db, service, { kind: 'devices', units: 30, reference: 'gateway-1' });
  await reserveQuota(t.db, service, { kind: 'devices', units: 12, reference: 'gateway-2' });
  await reserveQuota(t.db, service, { kind: 'projects', units: 3, reference: 'site-1' });
  const scenes = await reserveQuota(t.db, service, { kind: 'projectScenes', units: 2, reference: 'site-1' });
  await releaseQuota(t.db, a.tenantId, scenes.reservationId);
  await reserveQuota(t.db, { tenantId: b.tenantId, userId: adminB }, { kind: 'devices', units: 7, reference: 'gateway-b' });

  // A's administrator wrote twelve times (the workplace shows the last ten); the plain user once.
  await t.db.insert(auditLogs).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      tenantId: a.tenantId,
      userId: adminId,
      username: 'dash-a.admin',
      action: '/user/admin/member/edit',
      target: String(100 + i),
      ip: '10.16.1.1',
      createdAt: at(`2025-04-01T00:${String(i).padStart(2, '0')}:00Z`),
    })),
    { tenantId: a.tenantId, userId: plainId, username: 'dash-a.plain', action: '/user/admin/dept/edit', target: '9', createdAt: at('2025-04-02T00:00:00Z') },
  ]);

  // A notice to all of A and a letter to its plain user.
  const published = { state: 1, publishedAt: new Date(), senderId: adminId };
  await t.db.insert(notices).values({ tenantId: a.tenantId, title: 'To everyone', rangeType: 1, ...published });
  const [letter] = await t.db
    .insert(notices)
    .values({ tenantId: a.tenantId, title: 'To Pat', rangeType: 3, ...published })
    .returning({ id: notices.id });
  await t.db.insert(noticeRecipients).values({ tenantId: a.tenantId, noticeId: letter!.id, userId: plainId });
});
afterAll(async () => {
  await t.close();
  manifests.closeAllConnections();
  await new Promise((r) => manifests.close(r));
  rmSync(web, { recursive: true, force: true });
});

async function get<T>(path: string, token: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({ url: path, query, headers: auth(token) });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: T }>() };
}
const workplace = (token: string) => get<DashboardWorkplace>('/admin/admin/dashboard/workplace', token);
const analysis = (token: string, query: Record<string, string> = RANGE) => get<DashboardAnalysis>('/admin/admin/dashboard/analysis', token, query);
const monitor = (token: string) => get<DashboardMonitor>('/admin/admin/dashboard/monitor', token);

const days = (...rows: [string, number, number][]) => rows.map(([date, succeeded, failed]) => ({ date, succeeded, failed }));
const method = (m: string, succeeded = 0, failed = 0) => ({ method: m, succeeded, failed });
const ledgerDay = (date: string, balanceAdded: string, balanceDeducted: string, pointsAdded: number, pointsDeducted: number, changes: number) => ({
  date,
  balanceAdded,
  balanceDeducted,
  pointsAdded,
  pointsDeducted,
  changes,
});

/** The figures a tenant filter decides, registrations as [date, count, self-registered]. */
const figuresOf = (d: DashboardAnalysis) => ({
  users: d.users,
  registrations: d.registrations.map((r) => [r.date, r.count, r.registered]),
  signIns: d.signIns,
  signInMethods: d.signInMethods,
  ledger: d.ledger,
});

/** A's figures over RANGE, counted by hand from the rows above. */
const A_FIGURES = {
  users: { total: 6, active1d: 1, active7d: 2, active30d: 3 },
  registrations: [
    ['2025-03-10', 3, 0],
    ['2025-03-11', 0, 0],
    ['2025-03-12', 1, 1],
  ],
  signIns: days(['2025-03-10', 3, 1], ['2025-03-11', 3, 0], ['2025-03-12', 0, 2]),
  signInMethods: [method('account', 3, 3), method('mobile', 1), method('demo', 1), method('open', 1), method('oidc')],
  ledger: [
    ledgerDay('2025-03-10', '100.50', '20.25', 30, 0, 3),
    ledgerDay('2025-03-11', '0.00', '0.00', 0, 0, 0),
    ledgerDay('2025-03-12', '0.10', '0.00', 0, 5, 2),
  ],
};
/** B's, each different from A's. */
const B_FIGURES = {
  users: { total: 9, active1d: 2, active7d: 3, active30d: 5 },
  registrations: [
    ['2025-03-10', 0, 0],
    ['2025-03-11', 2, 1],
    ['2025-03-12', 2, 1],
  ],
  signIns: days(['2025-03-10', 3, 0], ['2025-03-11', 0, 1], ['2025-03-12', 2, 1]),
  signInMethods: [method('account', 3), method('mobile', 2), method('demo'), method('open', 0, 1), method('oidc', 0, 1)],
  ledger: [
    ledgerDay('2025-03-10', '1000.00', '0.00', 0, 0, 1),
    ledgerDay('2025-03-11', '0.00', '0.00', 40, 0, 1),
    ledgerDay('2025-03-12', '0.00', '250.75', 0, 15, 2),
  ],
};
/**
 * Every tenant's: A's and B's added up, with the failure of a user name that matched nobody (the 11th,
 * account). The ranking's tenants have no sign-ins, ledger or recent users, and their users were
 * created before the range; the platform's own failure was on the 9th.
 */
const ALL_FIGURES = {
  users: { total: ALL_LIVE_USERS, active1d: 3, active7d: 5, active30d: 8 },
  registrations: [
    ['2025-03-10', 3, 0],
    ['2025-03-11', 2, 1],
    ['2025-03-12', 3, 2],
  ],
  signIns: days(['2025-03-10', 6, 1], ['2025-03-11', 3, 2], ['2025-03-12', 2, 3]),
  signInMethods: [method('account', 6, 4), method('mobile', 3), method('demo', 1), method('open', 1, 1), method('oidc', 0, 1)],
  ledger: [
    ledgerDay('2025-03-10', '1100.50', '20.25', 30, 0, 4),
    ledgerDay('2025-03-11', '0.00', '0.00', 40, 0, 1),
    ledgerDay('2025-03-12', '0.10', '250.75', 0, 20, 4),
  ],
};

/** The quota lines by kind, so they compare whatever their order. */
const quotaByKind = (lines: DashboardAnalysis['quota']) => Object.fromEntries((lines ?? []).map((l) => [l.kind, { max: l.max, used: l.used }]));
/** Every kind, [max, used] for the ones given, 0 and 0 for the rest. */
const quotaLines = (given: Partial<Record<QuotaKindName, [max: number, used: number]>>) =>
  Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, { max: given[kind]?.[0] ?? 0, used: given[kind]?.[1] ?? 0 }]));
/** A: its policy's maxima; live users, its root department and the administrator's role; reserved units. */
const A_QUOTA = quotaLines({
  users: [50, 6],
  depts: [5, 1],
  roles: [8, 1],
  posts: [3, 0],
  projects: [4, 3],
  projectDevices: [0, 0],
  projectScenes: [6, 0],
  products: [9, 0],
  devices: [100, 42],
  deviceProperties: [500, 0],
});
/** B: no policy, so no maximum; its live users, root department, administrator's role and 7 devices. */
const B_QUOTA = quotaLines({ users: [0, 9], depts: [0, 1], roles: [0, 1], devices: [0, 7] });

/** The ranking the platform sees, counted by hand from RANKED, A and B. */
const expectedTop = () => {
  const of = (code: string, users: number) => ({ tenantId: ranked.get(code)!, name: `Tenant ${code}`, users });
  return [
    of('top-14', 14),
    of('top-11', 11),
    { tenantId: b.tenantId, name: 'Tenant dash-b', users: 9 },
    // A tie: the lower tenant id first.
    of('top-8-first', 8),
    of('top-8-second', 8),
    of('top-7', 7),
    { tenantId: a.tenantId, name: 'Tenant dash-a', users: 6 },
    of('top-5', 5),
    of('top-4', 4),
    // A tie at the cut: top-3-second, made after it, is the eleventh.
    of('top-3-first', 3),
  ];
};

describe('analysis', () => {
  it("counts a tenant administrator's own tenant only: sign-ins per Shanghai day and by method", async () => {
    const { status, body } = await analysis(a.adminToken);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.scope).toEqual({ tenantId: a.tenantId, tenantName: 'Tenant dash-a' });
    expect(data.range).toEqual({ from: '2025-03-10', to: '2025-03-12', timezone: ZONE, days: 3 });
    expect(data.signIns).toEqual(days(['2025-03-10', 3, 1], ['2025-03-11', 3, 0], ['2025-03-12', 0, 2]));
    expect(data.signInMethods).toEqual([method('account', 3, 3), method('mobile', 1), method('demo', 1), method('open', 1), method('oidc')]);
    expect(data.topTenants).toBeNull();
  });

  it('buckets by the days of the zone asked for: UTC moves the rows near midnight', async () => {
    const { body } = await analysis(a.adminToken, { ...RANGE, timezone: 'UTC' });
    expect(body.data.signIns).toEqual(days(['2025-03-10', 3, 1], ['2025-03-11', 2, 0], ['2025-03-12', 1, 2]));
    expect(body.data.registrations).toEqual([
      { date: '2025-03-10', count: 3, registered: 0 },
      // r3 registered herself at 20:00 UTC on the 11th (the 12th in Shanghai).
      { date: '2025-03-11', count: 1, registered: 1 },
      { date: '2025-03-12', count: 0, registered: 0 },
    ]);
  });

  it('knows a day of 23 hours when the clocks go forward', async () => {
    const { body } = await analysis(a.adminToken, { from: '2025-03-29', to: '2025-03-31', timezone: 'Europe/Berlin' });
    expect(body.data.signIns).toEqual(days(['2025-03-29', 1, 0], ['2025-03-30', 2, 0], ['2025-03-31', 1, 0]));
  });

  it('counts users, active users, registrations (recycle bin included) and the quota of the tenant', async () => {
    const { data } = (await analysis(a.adminToken)).body;
    expect(data.users).toEqual({ total: 6, active1d: 1, active7d: 2, active30d: 3 });
    expect(data.registrations).toEqual([
      { date: '2025-03-10', count: 3, registered: 0 },
      { date: '2025-03-11', count: 0, registered: 0 },
      { date: '2025-03-12', count: 1, registered: 1 },
    ]);
    // Every kind once, with A's maxima and usage: the reserved units are the other services'.
    expect(data.quota).toHaveLength(QUOTA_KINDS.length);
    expect(quotaByKind(data.quota)).toEqual(A_QUOTA);
  });

  it('sums balance and points movements per day, zero-filled', async () => {
    const { data } = (await analysis(a.adminToken)).body;
    expect(data.ledger).toEqual([
      { date: '2025-03-10', balanceAdded: '100.50', balanceDeducted: '20.25', pointsAdded: 30, pointsDeducted: 0, changes: 3 },
      { date: '2025-03-11', balanceAdded: '0.00', balanceDeducted: '0.00', pointsAdded: 0, pointsDeducted: 0, changes: 0 },
      { date: '2025-03-12', balanceAdded: '0.10', balanceDeducted: '0.00', pointsAdded: 0, pointsDeducted: 5, changes: 2 },
    ]);
  });

  it("never shows another tenant's figures: B sees B's; A naming B is refused, naming itself is not", async () => {
    const { data } = (await analysis(b.adminToken)).body;
    expect(data.scope).toEqual({ tenantId: b.tenantId, tenantName: 'Tenant dash-b' });
    expect(figuresOf(data)).toEqual(B_FIGURES);
    expect(quotaByKind(data.quota)).toEqual(B_QUOTA);

    const refused = await analysis(a.adminToken, { ...RANGE, tenantId: String(b.tenantId) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the platform administrators look at another tenant's figures: leave tenantId out to see your own tenant");
    const own = await analysis(a.adminToken, { ...RANGE, tenantId: String(a.tenantId) });
    expect(own.body.data.signIns).toEqual(days(['2025-03-10', 3, 1], ['2025-03-11', 3, 0], ['2025-03-12', 0, 2]));
  });

  it('is refused to a user without its permission', async () => {
    expect((await analysis(a.plainToken)).status).toBe(403);
  });

  it('shows the platform every tenant, the unknown user names included, and the top tenants by users', async () => {
    const { data } = (await analysis(platformToken)).body;
    expect(data.scope).toEqual({ tenantId: null, tenantName: null });
    expect(figuresOf(data)).toEqual(ALL_FIGURES);
    expect(data.quota).toBeNull();
    expect(data.topTenants).toEqual(expectedTop());
  });

  it('ranks the DASHBOARD_TOP_TENANTS tenants with the most live users, a tie to the lower id, and leaves the rest out', async () => {
    const top = (await analysis(platformToken)).body.data.topTenants!;
    expect(top).toHaveLength(DASHBOARD_TOP_TENANTS);
    expect(top).toEqual(expectedTop());
    // The three smallest of the thirteen: tied with the tenth but younger, two users, the platform's one.
    const shown = top.map((x) => x.tenantId);
    for (const left of [ranked.get('top-3-second')!, ranked.get('top-2')!, PLATFORM_TENANT_ID]) expect(shown).not.toContain(left);
  });

  it("lets the platform pick one tenant with tenantId and counts that tenant's rows only, and says so when it does not exist", async () => {
    // The fixture's point: a figure counted over both tenants (or every tenant) differs from B's.
    for (const key of Object.keys(B_FIGURES) as (keyof typeof B_FIGURES)[]) {
      expect([key, B_FIGURES[key]]).not.toEqual([key, A_FIGURES[key]]);
      expect([key, B_FIGURES[key]]).not.toEqual([key, ALL_FIGURES[key]]);
    }
    for (const key of ['active1d', 'active7d', 'active30d'] as const) {
      expect([key, B_FIGURES.users[key]]).not.toEqual([key, A_FIGURES.users[key]]);
      expect([key, B_FIGURES.users[key]]).not.toEqual([key, ALL_FIGURES.users[key]]);
    }

    const { data } = (await analysis(platformToken, { ...RANGE, tenantId: String(b.tenantId) })).body;
    expect(data.scope).toEqual({ tenantId: b.tenantId, tenantName: 'Tenant dash-b' });
    expect(figuresOf(data)).toEqual(B_FIGURES);
    expect(quotaByKind(data.quota)).toEqual(B_QUOTA);
    // The ranking is the platform's, whichever tenant is picked.
    expect(data.topTenants).toEqual(expectedTop());

    // And A picked: A's figures, none of B's.
    const picked = (await analysis(platformToken, { ...RANGE, tenantId: String(a.tenantId) })).body.data;
    expect(picked.scope).toEqual({ tenantId: a.tenantId, tenantName: 'Tenant dash-a' });
    expect(figuresOf(picked)).toEqual(A_FIGURES);
    expect(quotaByKind(picked.quota)).toEqual(A_QUOTA);

    const missing = await analysis(platformToken, { ...RANGE, tenantId: '987654321' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The tenant 987654321 does not exist: it may have been deleted; choose another tenant');
  });

  it('defaults to the last 30 days ending today, and refuses reversed, too long and unknown ranges', async () => {
    const { data } = (await analysis(a.adminToken, { timezone: ZONE })).body;
    expect(data.signIns).toHaveLength(30);
    expect(data.registrations).toHaveLength(30);
    expect(data.ledger).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    expect(data.range).toMatchObject({ to: today, days: 30 });
    expect(data.signIns.at(-1)!.date).toBe(today);
    // Every day once, in order.
    for (let i = 1; i < 30; i++) expect(Date.parse(data.signIns[i]!.date) - Date.parse(data.signIns[i - 1]!.date)).toBe(86_400_000);

    const year = await analysis(a.adminToken, { from: '2024-01-01', to: '2024-12-31' });
    expect(year.status).toBe(200);
    expect(year.body.data.signIns).toHaveLength(366);

    const cases: [Record<string, string>, string][] = [
      [{ from: '2025-03-12', to: '2025-03-10' }, 'The range starts on 2025-03-12, after its end 2025-03-10: choose a first day on or before the last'],
      [{ from: '2024-01-01', to: '2025-01-01' }, 'The range from 2024-01-01 to 2025-01-01 covers 367 days, more than 366: choose a shorter range'],
      [{ from: '2025-02-30' }, 'The start date must be a date such as 2026-05-01'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'The time zone must be a time zone name such as Asia/Shanghai or UTC'],
      [{ tenantId: 'abc' }, 'The tenant ID must be a number'],
    ];
    for (const [query, message] of cases) {
      const res = await analysis(a.adminToken, query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
  });

  it('answers in Chinese to a Chinese reader', async () => {
    const res = await t.app.inject({
      url: '/admin/admin/dashboard/analysis',
      query: { from: '2025-03-12', to: '2025-03-10' },
      headers: { ...auth(a.adminToken), 'accept-language': 'zh-CN' },
    });
    expect(res.json().message).toBe('范围的开始日期 2025-03-12 晚于结束日期 2025-03-10，请选择不晚于结束日期的开始日期');
  });
});

describe('workplace', () => {
  it("greets a plain user with their tenant, roles and unread counts, and no tenant's failures", async () => {
    const { status, body } = await workplace(a.plainToken);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      user: { id: a.plainId, username: 'dash-a.plain', realName: 'Pat Plain', lastLoginAt: null },
      tenant: { id: a.tenantId, name: 'Tenant dash-a', isPlatform: false, expiresAt: null },
      roles: [],
      unread: { noticeCount: 1, letterCount: 1 },
      administrator: false,
      failedSignIns: null,
    });
    expect(body.data.recentActivity).toEqual([
      { id: expect.any(Number), action: '/user/admin/dept/edit', target: '9', ip: '', createdAt: '2025-04-02T00:00:00.000Z' },
    ]);
  });

  it("shows an administrator their ten latest writes and their own tenant's latest failed sign-ins", async () => {
    const { data } = (await workplace(a.adminToken)).body;
    expect(data.administrator).toBe(true);
    expect(data.roles).toEqual([{ id: expect.any(Number), name: 'role of dash-a.admin', key: 'role_dash-a.admin', enabled: true }]);
    expect(data.unread).toEqual({ noticeCount: 1, letterCount: 0 });
    expect(data.recentActivity.map((r) => r.target)).toEqual(['111', '110', '109', '108', '107', '106', '105', '104', '103', '102']);
    expect(data.failedSignIns!.map((f) => [f.createdAt, f.username, f.reason, f.method])).toEqual([
      ['2025-03-12T15:59:00.000Z', 'dash-a.bot', 'captcha', 'account'],
      ['2025-03-12T15:59:00.000Z', 'dash-a.bot', 'captcha', 'account'],
      ['2025-03-10T01:00:00.000Z', 'dash-a.typo', 'bad_credentials', 'account'],
    ]);
    expect(data.failedSignIns![2]!.ip).toBe(`10.16.0.${a.tenantId}`);
  });

  it("shows the platform its own failures and the unknown user names', never a tenant's", async () => {
    const { data } = (await workplace(platformToken)).body;
    expect(data.administrator).toBe(true);
    expect(data.tenant).toMatchObject({ id: PLATFORM_TENANT_ID, isPlatform: true });
    expect(data.failedSignIns!.map((f) => [f.username, f.createdAt])).toEqual([
      ['nobody-here', '2025-03-11T03:00:00.000Z'],
      ['admin', '2025-03-09T03:00:00.000Z'],
    ]);
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ url: '/admin/admin/dashboard/workplace' });
    expect(res.statusCode).toBe(401);
  });
});

describe('monitor', () => {
  it('is refused to a tenant administrator (platform only)', async () => {
    const res = await monitor(a.adminToken);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PLATFORM_ONLY);
  });

  it('reports the process, the database, the calls it measured per minute, sessions and remotes', async () => {
    await upsertRemote(t.db, { name: 'gone', entry: '/user/web/remotes/gone/9.9.9/mf-manifest.json', version: '9.9.9', routes: ['/gone'], sort: 20 });
    await upsertRemote(t.db, { name: 'cdn', entry: `${manifestBase}/ok`, version: '2.0.0', routes: ['/cdn'], sort: 30 });
    await upsertRemote(t.db, { name: 'cdn-broken', entry: `${manifestBase}/broken`, version: '1.0.0', routes: ['/cdnb'], sort: 40 });
    // Calls the monitor must have counted: three answered, one refused (400).
    const before = (await monitor(platformToken)).body.data.requests.hour;
    for (let i = 0; i < 3; i++) await workplace(a.plainToken);
    await analysis(a.adminToken, { from: 'nope' });

    const { status, body } = await monitor(platformToken);
    expect(status).toBe(200);
    const m = body.data;
    expect(m.process).toMatchObject({ pid: process.pid, nodeVersion: process.version, cores: expect.any(Number) });
    expect(m.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(m.process.memory.rss).toBeGreaterThan(m.process.memory.heapUsed);
    expect(m.process.cpuPercent).toBeGreaterThanOrEqual(0);

    expect(m.database.kind).toBe(testDbKind());
    expect(m.database.sizeBytes).toBeGreaterThan(1_000_000);
    if (testDbKind() === 'postgres') {
      expect(m.database.connections!.total).toBeGreaterThanOrEqual(1);
      expect(m.database.connections!.max).toBeGreaterThan(0);
      expect(m.database.connections!.pool!.open).toBeGreaterThanOrEqual(1);
    } else expect(m.database.connections).toBeNull();
    expect(m.database.slowestCalls.map((c) => c.path)).toEqual(expect.arrayContaining(['/admin/admin/dashboard/workplace', '/admin/admin/dashboard/analysis']));

    expect(m.requests.minutes).toHaveLength(60);
    // The calls above (and the monitor call before them) are in the last hour: 3 + 1 + 1 more.
    expect(m.requests.hour.requests - before.requests).toBe(5);
    expect(m.requests.hour.clientErrors - before.clientErrors).toBe(1);
    expect(m.requests.hour.p50).toBeGreaterThan(0);
    expect(m.requests.minutes.reduce((n, x) => n + x.requests, 0)).toBe(m.requests.hour.requests);

    expect(m.sessions.active).toBeGreaterThanOrEqual(4);
    expect(m.sessions.recent).toBe(m.sessions.active);

    const byName = Object.fromEntries(m.remotes.map((r) => [r.name, [r.manifest, r.httpStatus]]));
    expect(byName).toEqual({ org: ['ok', 200], gone: ['missing', 404], cdn: ['ok', 200], 'cdn-broken': ['bad-status', 500] });
  });
});
