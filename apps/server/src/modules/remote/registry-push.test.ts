import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { InstallStatus, NOTICE_STREAM_PATH, type AppJob } from '@uc/contracts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { menus, userRoles } from '../../db/schema';
import { seed } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { writeRemoteBuild } from '../../test/remote-builds';
import { ADMIN_PASSWORD } from '../../test/test-app';
import { createPostgresDatabase, testDbKind } from '../../test/test-database';
import { addonPackage, testManifest } from '../addon/addon.fixtures';
import { replaceRoleMenus } from '../role/role.repository';

/*
 * Registry changes reach open tabs over the notice stream (registry-push.ts), on every server: two
 * servers on one database, as behind a load balancer. Every change is made through server A; the tabs
 * listen on server B, which learns of it only through the database (LISTEN/NOTIFY on PostgreSQL, in
 * process on PGlite). Server A watches WEB_DIR for redeploys; B has no builds of its own.
 */

const tmp = mkdtempSync(join(tmpdir(), 'uc-registry-push-'));
const web = join(tmp, 'web');
const marketDir = join(tmp, 'market');
mkdirSync(marketDir, { recursive: true });
const databases: Database[] = [];
let drop: (() => Promise<void>) | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let base = '';
let admin: string;
let tenantUser: { tenantId: number; userId: number; token: string; roleId: number };

beforeAll(async () => {
  writeRemoteBuild(web, 'org', { version: '0.1.0-00000001', routes: ['/org'] });
  const config = (env: Record<string, string>) =>
    loadConfig({
      DATA_DIR: tmp,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      REQUEST_CONCURRENCY: '10000',
      OPEN_ACCESS_KEY: randomBytes(32).toString('hex'),
      MARKET_DIR: marketDir,
      ADDONS_DIR: join(tmp, 'addons'),
      ...env,
    });
  if (testDbKind() === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    databases.push(await openPostgres(created.url), await openPostgres(created.url));
  } else {
    databases.push(await openPglite(undefined));
  }
  const first = databases[0]!;
  await first.withStartupLock(async (db) => {
    await runMigrations(first, db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, log: { info: () => undefined, warn: () => undefined } });
  });
  a = await buildApp({ config: config({ WEB_DIR: web, WEB_DIR_SCAN_MS: '20' }), database: first, logger: false, checkResponses: true });
  b = await buildApp({
    config: config({ WEB_DIR: join(tmp, 'no-builds'), WEB_DIR_SCAN_MS: '0' }),
    database: databases[1] ?? first,
    logger: false,
    checkResponses: true,
  });
  await a.ready();
  await b.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  const login = await a.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  admin = login.json().data.token as string;
  // A tenant user whose role grants the user list: the tenant's streams hear of its grants.
  const { tenantId } = await createTenant(first.db, { code: 'push-tenant' });
  const userId = await createUser(first.db, { username: 'push.user', tenantId, menuPaths: ['/org/user'] });
  const [role] = await first.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  tenantUser = { tenantId, userId, token: await tokenFor(first.db, tenantId, userId), roleId: role!.id };
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const d of databases) await d.close();
  await drop?.();
  rmSync(tmp, { recursive: true, force: true });
});

interface SseEvent {
  event: string;
  data: string;
}

interface Stream {
  response: IncomingMessage;
  /** The registry events so far. */
  changes: () => string[];
  /** Resolves with the `changed` of the first registry event after the first `from`, or fails after `ms`. */
  next(from: number, ms?: number): Promise<string>;
  destroy(): void;
}

function openStream(token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${NOTICE_STREAM_PATH}`, { headers: { accept: 'text/event-stream', authorization: token } }, (response) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const fields = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = fields.find((l) => l.startsWith('event: '))?.slice(7);
          const data = fields.find((l) => l.startsWith('data: '))?.slice(6);
          if (event !== undefined) events.push({ event, data: data ?? '' });
        }
        for (const wake of [...waiters]) wake();
      });
      const changes = () => events.filter((e) => e.event === 'registry').map((e) => (JSON.parse(e.data) as { changed: string }).changed);
      resolve({
        response,
        changes,
        next: (from, ms = 10_000) =>
          new Promise((found, fail) => {
            const look = () => {
              const hit = changes()[from];
              if (hit === undefined) return;
              clearTimeout(timer);
              waiters.delete(look);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`no registry event #${from + 1} within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(look);
            look();
          }),
        destroy: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens the stream and waits for its first answer (the unread counts): from then on it hears every change. */
async function connected(token: string): Promise<Stream> {
  const stream = await openStream(token);
  expect(stream.response.statusCode).toBe(200);
  // The watch reads the menus the tab was shown when it connected; a change after that is compared with them.
  await new Promise<void>((done) => stream.response.once('data', () => done()));
  return stream;
}

const post = (url: string, payload: unknown, token = admin) => a.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const registryOnB = async () => (await b.inject({ url: '/user/admin/site/remotes' })).json().data as { name: string; version: string }[];

async function settled(name: string): Promise<AppJob> {
  for (let i = 0; i < 400; i++) {
    await a.addons.idle();
    const job = (await a.inject({ url: '/admin/admin/site/app/job', query: { name }, headers: auth(admin) })).json().data as AppJob | null;
    if (job && job.installStatus !== InstallStatus.downloading && job.installStatus !== InstallStatus.installing) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the job of ${name} did not end`);
}

describe('registry changes pushed to open tabs on every server', () => {
  it('a remote redeployed under WEB_DIR: noticed without a restart, and told to the tabs of the other server', async () => {
    const tabs = [await connected(admin), await connected(tenantUser.token)];
    try {
      writeRemoteBuild(web, 'org', { version: '0.1.0-00000002', routes: ['/org'] });
      for (const tab of tabs) expect(await tab.next(0)).toBe('remotes');
      expect((await registryOnB()).find((r) => r.name === 'org')?.version).toBe('0.1.0-00000002');
      // Once per change: the same build looked at again says nothing.
      writeRemoteBuild(web, 'org', { version: '0.1.0-00000003', routes: ['/org'] });
      for (const tab of tabs) expect(await tab.next(1)).toBe('remotes');
      for (const tab of tabs) expect(tab.changes()).toEqual(['remotes', 'remotes']);
    } finally {
      for (const tab of tabs) tab.destroy();
    }
  });

  it('an addon installed, updated, rolled back, switched off and on, and uninstalled: each told to every tab', async () => {
    for (const version of ['1.0.0', '1.1.0']) writeFileSync(join(marketDir, `beta-${version}.tgz`), addonPackage(testManifest('beta', version)));
    const tabs = [await connected(admin), await connected(tenantUser.token)];
    const expectPushed = async (count: number) => {
      for (const tab of tabs) expect(await tab.next(count - 1)).toBe('remotes');
    };
    try {
      expect((await post('/admin/admin/site/app/install', { versionId: 'beta@1.0.0' })).json().code).toBe(0);
      expect((await settled('beta')).installStatus).toBe(3);
      await expectPushed(1);
      expect((await registryOnB()).find((r) => r.name === 'beta')?.version).toBe('1.0.0');

      expect((await post('/admin/admin/site/app/update', { name: 'beta', versionId: 'beta@1.1.0' })).json().code).toBe(0);
      expect((await settled('beta')).installStatus).toBe(3);
      await expectPushed(2);
      expect((await registryOnB()).find((r) => r.name === 'beta')?.version).toBe('1.1.0');

      expect((await post('/admin/admin/site/app/rollback', { name: 'beta', version: '1.0.0' })).json().code).toBe(0);
      await expectPushed(3);
      expect((await registryOnB()).find((r) => r.name === 'beta')?.version).toBe('1.0.0');

      expect((await post('/admin/admin/site/app/status', { name: 'beta', enabled: false })).json().code).toBe(0);
      await expectPushed(4);
      expect((await registryOnB()).some((r) => r.name === 'beta')).toBe(false);
      expect((await post('/admin/admin/site/app/status', { name: 'beta', enabled: true })).json().code).toBe(0);
      await expectPushed(5);

      expect((await post('/admin/admin/site/app/uninstall', { name: 'beta' })).json().code).toBe(0);
      await expectPushed(6);
      expect((await registryOnB()).some((r) => r.name === 'beta')).toBe(false);
      for (const tab of tabs) expect(tab.changes()).toEqual(Array(6).fill('remotes'));
    } finally {
      for (const tab of tabs) tab.destroy();
    }
  });

  it('menu edits and grants reach the tabs whose menus they change, and only those', async () => {
    const db = databases[0]!.db;
    const [userMenu] = await db.select().from(menus).where(eq(menus.path, '/org/user'));
    const [deptMenu] = await db.select().from(menus).where(eq(menus.path, '/org/dept'));
    const platform = await connected(admin);
    const tenant = await connected(tenantUser.token);
    try {
      // A sign-out in the tenant changes nobody's menus: no event (the next one is the edit's).
      const other = await createUser(db, { username: 'push.other', tenantId: tenantUser.tenantId });
      const otherToken = await tokenFor(db, tenantUser.tenantId, other);
      expect((await post('/user/admin/site/logout', {}, otherToken)).json().code).toBe(0);

      // menu/edit: the entry's name, shown to both (the super administrator sees every menu).
      const edit = await post('/user/admin/menu/edit', { ...editable(userMenu!), name: '成员管理' });
      expect(edit.json()).toMatchObject({ code: 0 });
      expect(await platform.next(0)).toBe('menus');
      expect(await tenant.next(0)).toBe('menus');

      // A grant in the tenant: its user's menu gains an entry; the platform's tab hears nothing of it.
      // (written as role/menus writes it: the grant's rows, whoever may make them)
      await replaceRoleMenus(db, tenantUser.tenantId, tenantUser.roleId, [userMenu!.id, deptMenu!.id]);
      expect(await tenant.next(1)).toBe('menus');

      // menu/status: disabled, the entry leaves both menus.
      expect((await post('/user/admin/menu/status', { id: deptMenu!.id, status: 2 })).json()).toMatchObject({ code: 0 });
      expect(await platform.next(1)).toBe('menus');
      expect(await tenant.next(2)).toBe('menus');
      expect((await post('/user/admin/menu/status', { id: deptMenu!.id, status: 1 })).json()).toMatchObject({ code: 0 });
      expect(await platform.next(2)).toBe('menus');
      expect(await tenant.next(3)).toBe('menus');

      // menu/delete: a new entry, then deleted; the tenant user was never granted it.
      const created = await post('/user/admin/menu/edit', {
        ...editable(deptMenu!),
        id: undefined,
        name: '临时',
        locale: '',
        alias: '',
        path: '/org/extra',
        sort: 99,
      });
      expect(created.json().code).toBe(0);
      expect(await platform.next(3)).toBe('menus');
      expect((await post('/user/admin/menu/delete', { id: created.json().data.id as number })).json()).toMatchObject({ code: 0 });
      expect(await platform.next(4)).toBe('menus');

      // Exactly one event per change each tab could see: none for the sign-out, none for the tenant's grant on the platform's tab.
      expect(platform.changes()).toEqual(['menus', 'menus', 'menus', 'menus', 'menus']);
      expect(tenant.changes()).toEqual(['menus', 'menus', 'menus', 'menus']);
    } finally {
      platform.destroy();
      tenant.destroy();
      await db.update(menus).set({ name: userMenu!.name }).where(eq(menus.id, userMenu!.id));
    }
  });
});

/** The editable fields of a menu row, as menu/edit takes them. */
function editable(row: typeof menus.$inferSelect) {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    addon: row.addon,
    client: row.client,
    name: row.name,
    locale: row.locale,
    icon: row.icon,
    path: row.path,
    alias: row.alias,
    component: row.component,
    redirect: row.redirect,
    permissions: row.permissions,
    highlight: row.highlight,
    isRoot: row.isRoot,
    popup: row.popup,
    simplified: row.simplified,
    keepAlive: row.keepAlive,
    hidden: row.hidden,
    external: row.external,
    affix: row.affix,
    sort: row.sort,
    status: row.status,
    remark: row.remark,
  };
}
