import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { menuInputSchema } from '@uc/contracts';
import { menus, roles, userRoles, users } from './schema';
import { PLATFORM_TENANT_ID } from './seed';
import { createTenant, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * drizzle/0041 on a database written before issue 26's rules: what the contracts now refuse is not left
 * for a page to serve (another site's avatar or payment code, a javascript: menu address), and the
 * platform's 超级管理员 role is taken back from anyone but the super administrator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migrate = async () => {
  for (const statement of readFileSync(join(process.cwd(), 'drizzle', '0041_addresses_and_super_admin_role.sql'), 'utf8').split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }
};
const UPLOAD = `/admin/admin/upload/file/${'ab'.repeat(16)}.png`;

describe('migration 0041', () => {
  it("clears images of other sites and keeps this server's uploads", async () => {
    const pixel = await createUser(t.db, { username: 'm41.pixel' });
    const kept = await createUser(t.db, { username: 'm41.kept' });
    await t.db.update(users).set({ avatar: 'https://tracker.example/p.gif', alipayCode: 'javascript:alert(1)' }).where(eq(users.id, pixel));
    await t.db
      .update(users)
      .set({ avatar: UPLOAD, alipayCode: UPLOAD.replace('.png', '.jpg') })
      .where(eq(users.id, kept));
    await migrate();
    const rows = await t.db
      .select({ id: users.id, avatar: users.avatar, alipayCode: users.alipayCode })
      .from(users)
      .where(inArray(users.id, [pixel, kept]));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: pixel, avatar: '', alipayCode: '' },
      { id: kept, avatar: UPLOAD, alipayCode: UPLOAD.replace('.png', '.jpg') },
    ]);
  });

  it('clears menu addresses that are neither console routes nor http(s), keeping the rest of the entry', async () => {
    const [bad] = await t.db
      .insert(menus)
      .values({
        type: 2,
        name: 'm41 bad',
        path: 'javascript:alert(1)',
        redirect: '//evil.example',
        highlight: 'data:text/html,x',
        permissions: '/user/admin/member/list',
      })
      .returning({ id: menus.id });
    const [good] = await t.db
      .insert(menus)
      .values({ type: 2, name: 'm41 good', path: 'https://docs.example.com/a?b=1', redirect: '/org/user', highlight: '/tenant/details/:id' })
      .returning({ id: menus.id });
    await migrate();
    const [b] = await t.db.select().from(menus).where(eq(menus.id, bad!.id));
    expect(b).toMatchObject({ name: 'm41 bad', path: '', redirect: '', highlight: '', permissions: '/user/admin/member/list' });
    const [g] = await t.db.select().from(menus).where(eq(menus.id, good!.id));
    expect(g).toMatchObject({ path: 'https://docs.example.com/a?b=1', redirect: '/org/user', highlight: '/tenant/details/:id' });
    // The SQL and the contract agree, value by value.
    const samples = [
      '/org/user',
      '/tenant/details/:id',
      '/admin/web/market?tab=1#top',
      '/',
      'https://docs.example.com',
      'HTTP://10.0.0.1:8080/help?q=1',
      'https://[::1]:8080/x',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '/a\\b',
      '/a b',
      '/a\tb',
      'https:evil.example',
      'https://user:pass@evil.example/',
      'https://evil.example/a b',
      'org/user',
    ];
    const ids = await t.db
      .insert(menus)
      .values(samples.map((path, i) => ({ type: 2, name: `m41 sample ${i}`, path })))
      .returning({ id: menus.id });
    await migrate();
    const after = await t.db
      .select({ id: menus.id, path: menus.path })
      .from(menus)
      .where(
        inArray(
          menus.id,
          ids.map((r) => r.id),
        ),
      );
    const kept = samples.map((path, i) => ({ path, kept: after.find((r) => r.id === ids[i]!.id)!.path === path }));
    expect(kept).toEqual(samples.map((path) => ({ path, kept: menuInputSchema.shape.path.safeParse(path).success })));
    expect(kept.filter((k) => k.kept).length).toBe(7);
    // Afterwards every entry passes the editor's rule, so no saved entry is stuck on its own address.
    const all = await t.db.select({ path: menus.path, redirect: menus.redirect, highlight: menus.highlight }).from(menus);
    const address = menuInputSchema.pick({ path: true, redirect: true, highlight: true });
    expect(all.filter((r) => !address.safeParse(r).success)).toEqual([]);
  });

  it('takes the super administrator role back from everyone but the super administrator, and touches no tenant', async () => {
    const [superRole] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)));
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const other = await createUser(t.db, { username: 'm41.other' });
    await t.db.insert(userRoles).values({ tenantId: PLATFORM_TENANT_ID, userId: other, roleId: superRole!.id });
    const tenant = await createTenant(t.db, { code: 'm41-tenant' });
    const [tenantAdminRole] = await t.db
      .insert(roles)
      .values({ tenantId: tenant.tenantId, name: '管理员', key: 'admin', isDefaultAdmin: true })
      .returning({ id: roles.id });
    const tenantAdmin = await createUser(t.db, { username: 'm41.tenant.admin', tenantId: tenant.tenantId });
    await t.db.insert(userRoles).values({ tenantId: tenant.tenantId, userId: tenantAdmin, roleId: tenantAdminRole!.id });

    await migrate();
    const holders = await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, superRole!.id));
    expect(holders.map((h) => h.userId)).toEqual([admin!.id]);
    expect(await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, tenantAdminRole!.id))).toEqual([{ userId: tenantAdmin }]);
  });
});
