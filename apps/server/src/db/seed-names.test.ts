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
});

describe('seeded names', () => {
  it('are in the console default language on a new database', async () => {
    expect(await names()).toEqual({ role: '超级管理员', policy: '默认策略', admin: '管理员' });
  });

  it('migration 0022 renames rows that still carry the English seed names, and leaves renamed ones alone', async () => {
    const statements = readFileSync(join(process.cwd(), 'drizzle', '0022_seed_names_zh.sql'), 'utf8').split('--> statement-breakpoint');
    await t.db.execute(sql`update roles set name = 'Super administrator' where key = 'super_admin' and tenant_id = 1`);
    await t.db.execute(sql`update tenant_policies set title = 'Our own policy' where is_default`);
    await t.db.execute(sql`update users set real_name = 'Administrator' where username = 'admin' and tenant_id = 1`);
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    expect(await names()).toEqual({ role: '超级管理员', policy: 'Our own policy', admin: '管理员' });
  });
});
