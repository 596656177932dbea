import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app';
import { PREPARED, statementName } from './prepared-statements';
import { users } from './schema';
import { PLATFORM_TENANT_ID } from './seed';
import { withTenant } from './tenant-scope';
import { rowsOf } from './typed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('named prepared statements', () => {
  it('prepare a query that asks for it once per connection, under a name from its text (PostgreSQL only)', async () => {
    const seen = await withTenant(t.db, PLATFORM_TENANT_ID, async (tx) => {
      const query = () => tx.select({ username: users.username }).from(users).where(eq(users.username, 'admin'));
      const answers = [await query().prepare(PREPARED).execute(), await query().prepare(PREPARED).execute()];
      const text = query().toSQL().sql;
      const named = await rowsOf<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements order by name`);
      return { answers, text, named };
    });
    expect(seen.answers).toEqual([[{ username: 'admin' }], [{ username: 'admin' }]]);
    if (t.database.kind === 'postgres') {
      // The query, once, and the statement that opened the tenant transaction.
      expect(seen.named.filter((s) => s.statement === seen.text).map((s) => s.name)).toEqual([statementName(seen.text)]);
      expect(seen.named.map((s) => s.name)).toContain('uc_open_tenant');
    } else {
      expect(seen.named).toEqual([]);
    }
  });

  it('name each text apart, and the same text alike', () => {
    expect(statementName('select 1 where $1')).toBe(statementName('select 1 where $1'));
    expect(statementName('select 1 where $1')).not.toBe(statementName('select 2 where $1'));
    expect(statementName('select 1 where $1')).toMatch(/^uc_[0-9a-f]{24}$/);
  });
});
