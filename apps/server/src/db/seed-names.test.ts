import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app';
import { rowsOf } from './typed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = async () => ({
  role: (await rowsOf<{ name: string }>(t.db, sql`select name from roles where key = 'super_admin' and tenant_id = 1`))[0]?.name,
  policy: (await rowsOf<{ title: string }>(t.db, sql`select title from tenant_policies where is_default`))[0]?.title,
  admin: (await rowsOf<{ real_name: string }>(t.db, sql`select real_name from users where username = 'admin' and tenant_id = 1`))[0]?.real_name,
  tenant: (await rowsOf<{ name: string }>(t.db, sql`select name from tenants where id = 1`))[0]?.name,
  dept: (await rowsOf<{ name: string }>(t.db, sql`select name from depts where tenant_id = 1 and code = 'platform'`))[0]?.name,
});
const migrate = async (file: string) => {
  for (const statement of readFileSync(join(process.cwd(), 'drizzle', file), 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
};

describe('seeded names', () => {
  it('are in the console default language on a new database', async () => {
    expect(await names()).toEqual({ role: '超级管理员', policy: '默认策略', admin: '管理员', tenant: '平台', dept: '平台' });
  });

  it('migration 0022 renames rows that still carry the English seed names, and leaves renamed ones alone', async () => {
    await t.db.execute(sql`update roles set name = 'Super administrator' where key = 'super_admin' and tenant_id = 1`);
    await t.db.execute(sql`update tenant_policies set title = 'Our own policy' where is_default`);
    await t.db.execute(sql`update users set real_name = 'Administrator' where username = 'admin' and tenant_id = 1`);
    await migrate('0022_seed_names_zh.sql');
    expect(await names()).toMatchObject({ role: '超级管理员', policy: 'Our own policy', admin: '管理员' });
  });

  it('migration 0023 renames the platform tenant and department still called Platform, and leaves renamed ones alone', async () => {
    await t.db.execute(sql`update tenants set name = 'Platform' where id = 1`);
    await t.db.execute(sql`update depts set name = 'Head office' where tenant_id = 1 and code = 'platform'`);
    await migrate('0023_platform_names_zh.sql');
    expect(await names()).toMatchObject({ tenant: '平台', dept: 'Head office' });
  });
});
