import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD_RECENT_ROWS, type DashboardWorkplace } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { addons, tenants } from '../../db/schema';
import { withCrossTenant } from '../../db/tenant-scope';
import { rowsOf } from '../../db/typed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JOB_DIED } from '../addon/addon-cards';
import { setRemoteEnabled, upsertRemote } from '../remote/remote.repository';
import { EXPIRING_TENANTS } from './dashboard-attention.repository';

/*
 * The workplace's "needs attention" card (issue 16), with known answers: tenants whose licence ends
 * soon or ended, remotes whose manifest does not answer, addons whose last job failed; and who sees
 * which list.
 */

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

let t: TestApp;
/** An external manifest host: /ok answers 200, anything else 500. */
let manifests: Server;
let manifestBase: string;
let ids: { soon: number; ended: number; later: number; disabled: number };
const tokens = { platform: '', tenantAdmin: '', operator: '', tenantManager: '' };

const CHECKSUM =
  'The package of {versionId} does not match the catalogue checksum (sha256 {actual}, expected {expected}): it was corrupted or replaced; install again or fix the catalogue entry';

beforeAll(async () => {
  manifests = createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 500).end('{}'));
  await new Promise<void>((r) => manifests.listen(0, '127.0.0.1', r));
  manifestBase = `http://127.0.0.1:${(manifests.address() as AddressInfo).port}`;
  t = await createTestApp();

  const tenant = async (code: string, expiresAt: Date | null, status = 1) => (await createTenant(t.db, { code, expiresAt, status })).tenantId;
  ids = {
    soon: await tenant('att-soon', inDays(5)),
    ended: await tenant('att-ended', inDays(-2)),
    later: await tenant('att-later', inDays(60)),
    disabled: await tenant('att-disabled', inDays(3), 2),
  };
  await tenant('att-forever', null);
  // The platform's own licence ending is not a tenant to chase.
  await t.db
    .update(tenants)
    .set({ expiresAt: inDays(10) })
    .where(eq(tenants.id, PLATFORM_TENANT_ID));

  // Remotes: a build whose files are gone, an external one failing, one answering, and a failing one switched off.
  await upsertRemote(t.db, { name: 'gone', entry: '/user/web/remotes/gone/9.9.9/mf-manifest.json', version: '9.9.9', routes: ['/gone'], sort: 20 });
  await upsertRemote(t.db, { name: 'cdn-broken', entry: `${manifestBase}/broken`, version: '1.0.0', routes: ['/cdnb'], sort: 30 });
  await upsertRemote(t.db, { name: 'cdn', entry: `${manifestBase}/ok`, version: '2.0.0', routes: ['/cdn'], sort: 40 });
  await upsertRemote(t.db, { name: 'off', entry: `${manifestBase}/off`, version: '3.0.0', routes: ['/off'], sort: 50 });
  await setRemoteEnabled(t.db, 'off', false);

  // Addons: one whose install failed, one whose update died with its server, one installed.
  const job = { jobId: 'j', jobKind: 'install', jobStartedAt: inDays(-1) };
  await t.db.insert(addons).values([
    {
      name: 'acme-report',
      status: -1,
      error: CHECKSUM,
      errorParams: { versionId: 'acme-report@1.2.0', actual: 'aa', expected: 'bb' },
      ...job,
      jobVersion: '1.2.0',
      jobFinishedAt: new Date('2026-01-02T03:04:05Z'),
    },
    {
      name: 'acme-map',
      version: '1.0.0',
      status: 2,
      progress: 40,
      ...job,
      jobKind: 'update',
      jobVersion: '1.1.0',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    },
    { name: 'acme-ok', version: '2.0.0', status: 3, progress: 100, ...job, jobVersion: '2.0.0', jobFinishedAt: inDays(-1) },
  ]);

  tokens.platform = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
  const tenantAdmin = await createUser(t.db, {
    username: 'att-soon.admin',
    tenantId: ids.soon,
    menuPaths: ['/tenant/manage', '/dashboard/monitor', '/addons/market'],
  });
  tokens.tenantAdmin = await tokenFor(t.db, ids.soon, tenantAdmin);
  // Platform users holding part of the screens.
  const operator = await createUser(t.db, { username: 'att.operator', menuPaths: ['/dashboard/monitor', '/addons/market'] });
  tokens.operator = await tokenFor(t.db, PLATFORM_TENANT_ID, operator);
  const manager = await createUser(t.db, { username: 'att.manager', menuPaths: ['/tenant/manage'] });
  tokens.tenantManager = await tokenFor(t.db, PLATFORM_TENANT_ID, manager);
});
afterAll(async () => {
  await t.close();
  manifests.closeAllConnections();
  await new Promise((r) => manifests.close(r));
});

async function attention(token: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: '/admin/admin/dashboard/workplace', headers: { ...auth(token), ...headers } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: DashboardWorkplace }>().data.attention;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the workplace's attention card", () => {
  it('shows the platform tenants whose licence ended or ends within 30 days, enabled ones only, soonest first', async () => {
    const { tenants: due } = (await attention(tokens.platform))!;
    expect(due).toEqual({
      total: 2,
      list: [
        { id: ids.ended, name: 'Tenant att-ended', expiresAt: expect.any(String), expired: true },
        { id: ids.soon, name: 'Tenant att-soon', expiresAt: expect.any(String), expired: false },
      ],
    });
    const soonAt = Date.parse(due!.list[1]!.expiresAt);
    expect(Math.abs(soonAt - inDays(5).getTime())).toBeLessThan(60_000);
  });

  it('lists at most ten tenants and counts them all', async () => {
    const extra = [];
    for (let i = 0; i < 10; i++) extra.push(await createTenant(t.db, { code: `att-many-${i}`, expiresAt: inDays(20 + i / 10) }));
    try {
      const due = (await attention(tokens.platform))!.tenants!;
      expect(due.total).toBe(12);
      expect(due.list).toHaveLength(DASHBOARD_RECENT_ROWS);
      expect(due.list.slice(0, 3).map((r) => r.name)).toEqual(['Tenant att-ended', 'Tenant att-soon', 'Tenant att-many-0']);
    } finally {
      const extraIds = extra.map((x) => x.tenantId);
      await t.db.execute(sql`delete from depts where tenant_id in (${sql.join(extraIds, sql`, `)})`);
      await t.db.execute(sql`delete from tenants where id in (${sql.join(extraIds, sql`, `)})`);
    }
  });

  it('reads the tenants from the partial index, in its order', async () => {
    const plan = await withCrossTenant(t.db, { tenantId: PLATFORM_TENANT_ID, tenantIsPlatform: true }, async (tx) => {
      // With a handful of tenants the planner prefers reading the table: whether it may use the index is the question.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await rowsOf<Record<string, string>>(
        tx,
        sql`explain select id, name from tenants where ${EXPIRING_TENANTS} order by expires_at, id limit 10`,
      );
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using tenants_expiring_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it("lists enabled remotes whose manifest failed, without waiting for an external address's first check", async () => {
    const first = (await attention(tokens.platform))!.remotes!;
    // The build is asked in process at once; the external failure is known only once its check ran.
    expect(first.map((r) => r.name)).toContain('gone');
    let remotes = first;
    for (let i = 0; i < 50 && remotes.length < 2; i++) {
      await sleep(100);
      remotes = (await attention(tokens.platform))!.remotes!;
    }
    expect(remotes).toEqual([
      { name: 'gone', version: '9.9.9', manifest: 'missing', httpStatus: 404, checkedAt: expect.any(String) },
      { name: 'cdn-broken', version: '1.0.0', manifest: 'bad-status', httpStatus: 500, checkedAt: expect.any(String) },
    ]);
  });

  it('lists the addons whose last job failed (one that died with its server too), latest first, with the reason in the reader language', async () => {
    const addonRows = (await attention(tokens.platform))!.addons!;
    expect(addonRows).toEqual([
      {
        name: 'acme-report',
        version: '1.2.0',
        versionId: 'acme-report@1.2.0',
        error:
          'The package of acme-report@1.2.0 does not match the catalogue checksum (sha256 aa, expected bb): it was corrupted or replaced; install again or fix the catalogue entry',
        failedAt: '2026-01-02T03:04:05.000Z',
      },
      { name: 'acme-map', version: '1.1.0', versionId: 'acme-map@1.1.0', error: JOB_DIED, failedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    const zh = (await attention(tokens.platform, { 'accept-language': 'zh-CN' }))!.addons!;
    expect(zh[0]!.error).toMatch(/acme-report@1\.2\.0/);
    expect(zh[0]!.error).not.toMatch(/does not match/);
  });

  it('is null for a tenant administrator, whatever screens they hold', async () => {
    expect(await attention(tokens.tenantAdmin)).toBeNull();
  });

  it('gives a platform caller only the lists of the screens they hold', async () => {
    const operator = (await attention(tokens.operator))!;
    expect(operator.tenants).toBeNull();
    expect(operator.remotes!.map((r) => r.name)).toContain('gone');
    expect(operator.addons!.map((a) => a.name)).toEqual(['acme-report', 'acme-map']);
    const manager = (await attention(tokens.tenantManager))!;
    expect(manager).toEqual({ tenants: expect.objectContaining({ total: 2 }), remotes: null, addons: null });
  });

  it('answers empty lists when all is well', async () => {
    await t.db
      .update(tenants)
      .set({ expiresAt: inDays(365) })
      .where(sql`id in (${ids.soon}, ${ids.ended})`);
    await t.db.update(addons).set({ status: 3, error: '', jobFinishedAt: new Date(), updatedAt: new Date() });
    await setRemoteEnabled(t.db, 'gone', false);
    await setRemoteEnabled(t.db, 'cdn-broken', false);
    expect(await attention(tokens.platform)).toEqual({ tenants: { total: 0, list: [] }, remotes: [], addons: [] });
  });
});
