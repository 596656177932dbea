import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { releaseSlot, reserveSlot, type Reservation, type SlotRule } from './rate-limit.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rule: SlotRule = { windowSeconds: 900, lockAfter: 5, maxLockSeconds: 900 };
const counter = async (key: string) => (await t.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
const burst = (key: string, n: number, r: SlotRule) => Promise.all(Array.from({ length: n }, () => reserveSlot(t.db, key, r)));
const admitted = (rs: Reservation[]) => rs.flatMap((r) => (r.outcome === 'admitted' ? [r.slot] : []));

describe('slots', () => {
  it('are numbered one each under a burst, and stop at admitUpTo without counting the refused ones', async () => {
    const rs = await burst('t:cap', 40, { ...rule, admitUpTo: 3 });
    expect(
      admitted(rs)
        .map((s) => s.hits)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(rs.filter((r) => r.outcome === 'full')).toHaveLength(37);
    expect((await counter('t:cap'))?.hits).toBe(3);
  });

  it('past lockAfter go one per lock: a burst gets one, the rest wait for the lock it took', async () => {
    // Ten earlier slots whose locks have run out: the next one locks for 2^(11-5-1) = 32 s.
    await t.db.insert(rateLimits).values({ key: 't:lock', hits: 10 });
    const rs = await burst('t:lock', 40, rule);
    const [locker, ...more] = admitted(rs);
    expect(more).toEqual([]);
    expect(locker).toMatchObject({ hits: 11 });
    expect(locker!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(30_000);
    expect(await counter('t:lock')).toMatchObject({ hits: 11, blockedUntil: locker!.lockedUntil });
    const waits = rs.flatMap((r) => (r.outcome === 'locked' ? [r.retryAfterSeconds] : []));
    expect(waits).toHaveLength(39);
    for (const w of waits) expect(w === 31 || w === 32).toBe(true);
  });

  it('given back take their own lock with them, never a lock taken since', async () => {
    await t.db.insert(rateLimits).values({ key: 't:release', hits: 5 });
    const first = await reserveSlot(t.db, 't:release', rule);
    if (first.outcome !== 'admitted') throw new Error('expected a slot');
    // Given back at once: the key is as before, unlocked.
    await releaseSlot(t.db, first.slot);
    expect(await counter('t:release')).toMatchObject({ hits: 5, blockedUntil: null });
    const mine = await reserveSlot(t.db, 't:release', rule);
    if (mine.outcome !== 'admitted') throw new Error('expected a slot');
    // Its lock runs out while it is checked, and another attempt takes the next, longer lock.
    await t.db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 't:release'));
    const later = await reserveSlot(t.db, 't:release', rule);
    if (later.outcome !== 'admitted') throw new Error('expected a slot');
    expect(later.slot.hits).toBe(7);
    await releaseSlot(t.db, mine.slot);
    expect(await counter('t:release')).toMatchObject({ hits: 6, blockedUntil: later.slot.lockedUntil });
  });

  it('start again at 1 when the window has run out', async () => {
    await t.db.insert(rateLimits).values({ key: 't:window', hits: 30, windowStart: new Date(Date.now() - 901_000), blockedUntil: new Date(Date.now() - 1000) });
    const r = await reserveSlot(t.db, 't:window', rule);
    expect(r).toMatchObject({ outcome: 'admitted', slot: { hits: 1, lockedUntil: null } });
  });
});
