import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Session } from '../auth/access';
import { writeAudit } from './audit-log.repository';

let t: TestApp;
let a: Session;
let b: Session;
const sessionOf = async (code: string): Promise<Session> => {
  const { tenantId } = await createTenant(t.db, { code });
  const userId = await createUser(t.db, { username: `${code}.writer`, tenantId });
  return { sessionId: 0, userId, tenantId, username: `${code}.writer`, isSuperAdmin: false, tenantIsPlatform: false, readOnly: false };
};
beforeAll(async () => {
  t = await createTestApp();
  a = await sessionOf('audit-a');
  b = await sessionOf('audit-b');
});
afterAll(() => t.close());

const entriesOf = (action: string) => t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(auditLogs.id);

describe('writeAudit', () => {
  it("files the entry under the caller's tenant, user and name, with the call, its target, the field names and the address", async () => {
    await withTenant(t.db, a.tenantId, (tx) =>
      writeAudit(tx, a, { action: '/test/audit/plain', target: '42', fields: ['id', 'name', 'password'], ip: '10.83.0.1' }),
    );
    const [entry] = await entriesOf('/test/audit/plain');
    expect(entry).toEqual({
      tenantId: a.tenantId,
      id: expect.any(Number),
      userId: a.userId,
      username: 'audit-a.writer',
      action: '/test/audit/plain',
      target: '42',
      fields: ['id', 'name', 'password'],
      ip: '10.83.0.1',
      createdAt: expect.any(Date),
    });
  });

  it('cuts what the caller controls to size: target 200, 50 field names of 64 characters, address 64', async () => {
    const fields = Array.from({ length: 60 }, (_, i) => `${'f'.repeat(70)}${i}`);
    await withTenant(t.db, a.tenantId, (tx) => writeAudit(tx, a, { action: '/test/audit/long', target: 't'.repeat(300), fields, ip: `10.${'9'.repeat(100)}` }));
    const [entry] = await entriesOf('/test/audit/long');
    expect(entry!.target).toBe('t'.repeat(200));
    expect(entry!.fields).toHaveLength(50);
    expect(entry!.fields.every((f) => f === 'f'.repeat(64))).toBe(true);
    expect(entry!.ip).toBe(`10.${'9'.repeat(61)}`);
  });

  it('keeps an empty target and no fields as they are', async () => {
    await withTenant(t.db, b.tenantId, (tx) => writeAudit(tx, b, { action: '/test/audit/empty', target: '', fields: [], ip: '' }));
    expect(await entriesOf('/test/audit/empty')).toMatchObject([{ tenantId: b.tenantId, target: '', fields: [], ip: '' }]);
  });

  it('commits with the write it records: a transaction that fails leaves no entry', async () => {
    const failed = await withTenant(t.db, a.tenantId, async (tx) => {
      await writeAudit(tx, a, { action: '/test/audit/rolled-back', target: '1', fields: ['id'], ip: '10.83.0.2' });
      throw new Error('the write failed after its audit entry');
    }).catch((e: Error) => e);
    expect((failed as Error).message).toBe('the write failed after its audit entry');
    expect(await entriesOf('/test/audit/rolled-back')).toEqual([]);
  });

  it("cannot file an entry in another tenant's transaction: row-level security refuses it", async () => {
    const refused = await withTenant(t.db, b.tenantId, (tx) => writeAudit(tx, a, { action: '/test/audit/smuggled', target: '', fields: [], ip: '' })).catch(
      (e: Error) => e,
    );
    // drizzle wraps the database error: the cause is PostgreSQL's own.
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/row-level security/);
    expect(await entriesOf('/test/audit/smuggled')).toEqual([]);
  });

  it("is read back by its own tenant's transactions only", async () => {
    const seenBy = (s: Session) =>
      withTenant(t.db, s.tenantId, async (tx) => (await tx.select({ action: auditLogs.action }).from(auditLogs)).map((r) => r.action));
    expect(await seenBy(a)).toEqual(expect.arrayContaining(['/test/audit/plain', '/test/audit/long']));
    expect(await seenBy(a)).not.toContain('/test/audit/empty');
    expect(await seenBy(b)).toEqual(['/test/audit/empty']);
  });
});
