import { and, count, eq } from 'drizzle-orm';
import { memberLedger, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const b = await createTenant(t.db, { code: 'bal-b' });
  otherToken = await tokenFor(t.db, b.tenantId, await createUser(t.db, { username: 'bal.b', tenantId: b.tenantId, menuPaths: [] }));
});
afterAll(() => t.close());

const change = async (kind: 'addBalance' | 'addIntegral', payload: object, as = token) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/member/${kind}`, payload, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const ledgerCount = async (userId: number) => (await t.db.select({ n: count() }).from(memberLedger).where(eq(memberLedger.userId, userId)))[0]!.n;
const stored = async (userId: number) => (await t.db.select({ balance: users.balance, integral: users.integral }).from(users).where(eq(users.id, userId)))[0]!;

describe('balance and points', () => {
  it('adds and deducts, writing before, after, change, operator and remark to the ledger', async () => {
    const id = await createUser(t.db, { username: 'bal.one' });
    const add = await change('addBalance', { id, operateMode: 1, num: 10.5, remark: 'top up' });
    expect(add.body.data).toMatchObject({ userId: id, kind: 1, before: '0.00', after: '10.50', change: '10.50', replayed: false });
    const deduct = await change('addBalance', { id, operateMode: 2, num: 0.3 });
    expect(deduct.body.data).toMatchObject({ before: '10.50', after: '10.20', change: '-0.30' });
    expect((await change('addIntegral', { id, operateMode: 1, num: 7 })).body.data).toMatchObject({ kind: 2, before: '0', after: '7', change: '7' });
    const res = await t.app.inject({ url: '/user/admin/member/ledger/list', query: { userId: String(id) }, headers: auth(token) });
    const { data } = res.json();
    expect(data.total).toBe(3);
    expect(data.list[2]).toMatchObject({ kind: 1, before: '0.00', after: '10.50', change: '10.50', operatorName: 'admin', remark: 'top up' });
    expect(await stored(id)).toEqual({ balance: '10.20', integral: 7 });
  });

  it('refuses a deduction below zero with a clear message and changes nothing', async () => {
    const id = await createUser(t.db, { username: 'bal.poor' });
    await change('addBalance', { id, operateMode: 1, num: 5 });
    const r = await change('addBalance', { id, operateMode: 2, num: 5.01 });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Insufficient balance: the user has 5.00, which is less than 5.01');
    const p = await change('addIntegral', { id, operateMode: 2, num: 1 });
    expect(p.body.message).toContain('Insufficient points');
    expect(await stored(id)).toEqual({ balance: '5.00', integral: 0 });
    expect(await ledgerCount(id)).toBe(1);
  });

  it.each<[object, string]>([
    [{ operateMode: 3, num: 1 }, 'The operation must be 1 (add) or 2 (deduct)'],
    [{ operateMode: 1, num: 0 }, 'The amount must be greater than 0'],
    [{ operateMode: 1, num: 1.234 }, 'Enter the amount with at most two decimal places'],
  ])('validates %j', async (payload, message) => {
    const r = await change('addBalance', { id: 1, ...payload });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('takes 200 concurrent deductions without losing one or going below zero', async () => {
    const id = await createUser(t.db, { username: 'bal.race' });
    await change('addBalance', { id, operateMode: 1, num: 100 });
    await change('addIntegral', { id, operateMode: 1, num: 150 });
    const results = await Promise.all([
      ...Array.from({ length: 200 }, () => change('addBalance', { id, operateMode: 2, num: 0.75 })),
      ...Array.from({ length: 200 }, () => change('addIntegral', { id, operateMode: 2, num: 1 })),
    ]);
    const ok = (kind: number) => results.filter((r) => r.body.code === 0 && r.body.data.kind === kind).length;
    expect(ok(1)).toBe(133);
    expect(ok(2)).toBe(150);
    expect(results.filter((r) => r.status === 409).length).toBe(67 + 50);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await stored(id)).toEqual({ balance: '0.25', integral: 0 });
    const rows = await t.db
      .select({ kind: memberLedger.kind, before: memberLedger.before, after: memberLedger.after })
      .from(memberLedger)
      .where(eq(memberLedger.userId, id));
    expect(rows.filter((r) => r.kind === 1).length).toBe(1 + 133);
    expect(rows.filter((r) => r.kind === 2).length).toBe(1 + 150);
    // Every step of the chain is recorded once: the afters are all different.
    expect(new Set(rows.filter((r) => r.kind === 1).map((r) => r.after)).size).toBe(134);
    expect(rows.every((r) => Number(r.after) >= 0)).toBe(true);
  });

  it('applies a retried request with the same idempotency key once', async () => {
    const id = await createUser(t.db, { username: 'bal.retry' });
    const payload = { id, operateMode: 1, num: 3, idempotencyKey: 'retry-key-0001' };
    const results = await Promise.all(Array.from({ length: 5 }, () => change('addBalance', payload)));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(results.filter((r) => !r.body.data.replayed).length).toBe(1);
    expect(new Set(results.map((r) => r.body.data.ledgerId)).size).toBe(1);
    expect((await change('addBalance', payload)).body.data).toMatchObject({ replayed: true, after: '3.00' });
    expect(await stored(id)).toMatchObject({ balance: '3.00' });
    expect(await ledgerCount(id)).toBe(1);
    const misuse = await change('addBalance', { ...payload, num: 4 });
    expect(misuse.body.message).toBe('This key was already used for another change: send a new key for a new change');
  });

  it("only reaches the caller's tenant", async () => {
    const id = await createUser(t.db, { username: 'bal.mine' });
    await change('addBalance', { id, operateMode: 1, num: 1 });
    const [b] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'bal.b'));
    expect((await change('addBalance', { id: b!.id, operateMode: 1, num: 1 })).status).toBe(404);
    const rows = await t.db
      .select({ n: count() })
      .from(memberLedger)
      .where(and(eq(memberLedger.userId, b!.id)));
    expect(rows[0]!.n).toBe(0);
    expect(otherToken).toBeTruthy();
  });
});
