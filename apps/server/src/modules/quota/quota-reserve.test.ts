import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { QUOTA_KINDS } from '@uc/contracts';
import { quotaReservations, quotaUsage, tenantPolicies, tenants } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signOpenLogin } from '../open-access/open-login.service';

/*
 * The quota of the counts other services own: an addon signs in with its tenant's open access key and
 * reserves units before it creates projects or devices, releasing them when it deletes.
 */

let t: TestApp;
let tenantId: number;
let policyId: number;
/** The tenant's key keeper, whose role holds the open access menu and its buttons (quota calls too). */
let keeper: string;
let keeperId: number;
/** A user of the same tenant without the quota buttons. */
let plain: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, { code: 'quota-r' });
  tenantId = tenant.tenantId;
  const [policy] = await t.db
    .insert(tenantPolicies)
    .values({ title: 'Devices policy', maxDevices: 50, maxProjects: 3, maxUsers: 9 })
    .returning({ id: tenantPolicies.id });
  policyId = policy!.id;
  await t.db.update(tenants).set({ policyId }).where(eq(tenants.id, tenantId));
  keeperId = await createUser(t.db, { username: 'quota.keeper', tenantId, deptId: tenant.deptId, menuPaths: ['/permission/openaccess'], withButtons: true });
  keeper = await tokenFor(t.db, tenantId, keeperId);
  const plainId = await createUser(t.db, { username: 'quota.plain', tenantId, deptId: tenant.deptId, menuPaths: ['/permission/openaccess'] });
  plain = await tokenFor(t.db, tenantId, plainId);
});
afterAll(() => t.close());

const post = (url: string, payload: object, as = keeper) => t.app.inject({ method: 'POST', url, headers: auth(as), payload });
const get = (url: string, as = keeper) => t.app.inject({ url, headers: auth(as) });
const reserve = (kind: string, units: number, as = keeper) => post('/user/admin/tenant/quota/reserve', { kind, units, reference: 'test' }, as);
const release = (reservationId: number, as = keeper) => post('/user/admin/tenant/quota/release', { reservationId }, as);
const usage = async (kind: string) =>
  Number(
    (
      await t.db
        .select({ used: quotaUsage.used })
        .from(quotaUsage)
        .where(and(eq(quotaUsage.tenantId, tenantId), eq(quotaUsage.kind, kind)))
    )[0]?.used ?? 0,
  );

it('an addon signed in with an open access key reserves and releases units', async () => {
  const made = (await post('/user/admin/openaccess/edit', { title: 'Device service', userId: keeperId, remark: '' })).json();
  expect(made.code).toBe(0);
  const { key, secret } = made.data as { key: string; secret: string };
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(12).toString('hex');
  const login = await t.app.inject({
    method: 'POST',
    url: '/user/admin/site/access/open/login',
    payload: { key, timestamp, nonce, signature: signOpenLogin(secret, key, timestamp, nonce) },
  });
  expect(login.json().code).toBe(0);
  const addon = login.json().data.token as string;

  const first = await reserve('projects', 2, addon);
  expect(first.json()).toMatchObject({ code: 0, data: { kind: 'projects', units: 2, used: 2, max: 3 } });
  const refused = await reserve('projects', 2, addon);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toBe(
    "2 more projects cannot be reserved: the tenant's policy allows at most 3 and 2 are in use; release some, or ask the platform administrator for a larger policy",
  );
  const zh = await t.app.inject({
    method: 'POST',
    url: '/user/admin/tenant/quota/reserve',
    headers: { ...auth(addon), 'accept-language': 'zh-CN' },
    payload: { kind: 'projects', units: 2 },
  });
  expect(zh.json().message).toBe('无法再预留 2 个项目：租户策略最多允许 3 个，已使用 2 个；请先释放一些，或联系平台管理员升级策略');
  expect((await reserve('projects', 1, addon)).json()).toMatchObject({ code: 0, data: { used: 3 } });

  const back = await release(first.json().data.reservationId as number, addon);
  expect(back.json()).toMatchObject({ code: 0, data: { kind: 'projects', units: 2, used: 1, max: 3 } });
  const again = await release(first.json().data.reservationId as number, addon);
  expect(again.statusCode).toBe(404);
  expect(await usage('projects')).toBe(1);
});

it('never over-grants: 200 simultaneous reservations of one device against a maximum of 50', async () => {
  const answers = await Promise.all(Array.from({ length: 200 }, () => reserve('devices', 1)));
  const codes = answers.map((a) => a.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(50);
  expect(codes.filter((c) => c === 409)).toHaveLength(150);
  expect(await usage('devices')).toBe(50);
  const [rows] = await t.db
    .select({ n: count() })
    .from(quotaReservations)
    .where(and(eq(quotaReservations.tenantId, tenantId), eq(quotaReservations.kind, 'devices')));
  expect(rows!.n).toBe(50);

  // Releasing and reserving at once: the total stays within the maximum and the counter matches the rows.
  // How many reservations find a released unit depends on the order the database serves them in (one
  // may come before the last release commits): at most the 20 released, and exactly what the counter says.
  const granted = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.reservationId as number);
  const mixed = await Promise.all([...granted.slice(0, 20).map((id) => release(id)), ...Array.from({ length: 60 }, () => reserve('devices', 1))]);
  expect(mixed.slice(0, 20).every((a) => a.statusCode === 200)).toBe(true);
  const regranted = mixed.slice(20).filter((a) => a.statusCode === 200).length;
  expect(regranted).toBeLessThanOrEqual(20);
  expect(mixed.slice(20).filter((a) => a.statusCode === 409)).toHaveLength(60 - regranted);
  expect(await usage('devices')).toBe(30 + regranted);
  const [after] = await t.db
    .select({ n: count() })
    .from(quotaReservations)
    .where(and(eq(quotaReservations.tenantId, tenantId), eq(quotaReservations.kind, 'devices')));
  expect(after!.n).toBe(30 + regranted);
  // Once the releases are in, the freed units are there to take: the maximum is reached again.
  const rest = await Promise.all(Array.from({ length: 30 }, () => reserve('devices', 1)));
  expect(rest.filter((a) => a.statusCode === 200)).toHaveLength(20 - regranted);
  expect(await usage('devices')).toBe(50);
});

it('lists every maximum of the policy with the usage this server knows', async () => {
  const res = await get('/user/admin/tenant/quota');
  expect(res.json().code).toBe(0);
  const list = res.json().data.list as { kind: string; max: number; used: number }[];
  expect(list.map((l) => l.kind)).toEqual([...QUOTA_KINDS]);
  const byKind = Object.fromEntries(list.map((l) => [l.kind, l]));
  expect(byKind.users).toEqual({ kind: 'users', max: 9, used: 2 });
  expect(byKind.devices).toEqual({ kind: 'devices', max: 50, used: 50 });
  expect(byKind.projects).toEqual({ kind: 'projects', max: 3, used: 1 });
  expect(byKind.products).toEqual({ kind: 'products', max: 0, used: 0 });
});

it('grants anything when the count is unlimited (0), still counting it', async () => {
  expect((await reserve('products', 1000)).json()).toMatchObject({ code: 0, data: { used: 1000, max: 0 } });
  expect(await usage('products')).toBe(1000);
});

it('refuses bad input with the rule, and callers without the buttons with 403', async () => {
  expect((await reserve('users', 1)).statusCode).toBe(400);
  expect((await reserve('devices', 0)).json().message).toBe('The units to reserve must be a whole number from 1 to 1000000');
  expect((await reserve('devices', 1.5)).statusCode).toBe(400);
  expect((await reserve('devices', 1, plain)).statusCode).toBe(403);
  expect((await get('/user/admin/tenant/quota', plain)).statusCode).toBe(403);
  expect((await release(999999)).statusCode).toBe(404);
});

it('a tenant cannot release another tenant’s reservation', async () => {
  const other = await createTenant(t.db, { code: 'quota-r2' });
  const otherKeeper = await createUser(t.db, { username: 'quota.keeper2', tenantId: other.tenantId, menuPaths: ['/permission/openaccess'], withButtons: true });
  const otherToken = await tokenFor(t.db, other.tenantId, otherKeeper);
  const mine = (await reserve('projectScenes', 1)).json().data.reservationId as number;
  expect((await release(mine, otherToken)).statusCode).toBe(404);
  expect(await usage('projectScenes')).toBe(1);
});
