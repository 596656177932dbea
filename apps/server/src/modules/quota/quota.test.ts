import { and, count, eq, isNull } from 'drizzle-orm';
import { depts, posts, roles, tenantPolicies, tenants, userRoles, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { quotaMessage, type QuotaKind } from './quota';

let t: TestApp;
let tenantId: number;
let policyId: number;
let token: string;
let platformToken: string;
/** The tenant administrator's own role: new roles go below it. */
let adminRoleId: number;
beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, { code: 'quota-a' });
  tenantId = tenant.tenantId;
  const [policy] = await t.db.insert(tenantPolicies).values({ title: 'Small policy' }).returning({ id: tenantPolicies.id });
  policyId = policy!.id;
  await t.db.update(tenants).set({ policyId }).where(eq(tenants.id, tenantId));
  const adminId = await createUser(t.db, {
    username: 'quota.admin',
    tenantId,
    deptId: tenant.deptId,
    dataScope: 1,
    withButtons: true,
    menuPaths: ['/org/user', '/org/dept', '/org/post', '/permission/role'],
  });
  token = await tokenFor(t.db, tenantId, adminId);
  adminRoleId = (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, adminId)))[0]!.id;
  platformToken = await t.login();
});
afterAll(() => t.close());

const column = { users: 'maxUsers', depts: 'maxDepts', roles: 'maxRoles', posts: 'maxPosts' } as const;
const setMax = (kind: QuotaKind, max: number) =>
  t.db
    .update(tenantPolicies)
    .set({ [column[kind]]: max })
    .where(eq(tenantPolicies.id, policyId));
const post = (url: string, payload: object, as = token) => t.app.inject({ method: 'POST', url, headers: auth(as), payload });

const live = async (kind: QuotaKind): Promise<number> => {
  const rows =
    kind === 'users'
      ? await t.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)))
      : kind === 'depts'
        ? await t.db.select({ n: count() }).from(depts).where(eq(depts.tenantId, tenantId))
        : kind === 'roles'
          ? await t.db.select({ n: count() }).from(roles).where(eq(roles.tenantId, tenantId))
          : await t.db.select({ n: count() }).from(posts).where(eq(posts.tenantId, tenantId));
  return rows[0]!.n;
};

let seq = 0;
// Every user gets a number of its own: a phone number belongs to one account only.
const mobileOf = (n: number) => `139${String(n).padStart(8, '0')}`;
const create: Record<QuotaKind, (as?: string) => ReturnType<typeof post>> = {
  users: (as) => post('/user/admin/member/edit', { username: `quota.u${++seq}`, password: 'user-password-1', realName: 'Quota', mobile: mobileOf(seq) }, as),
  depts: (as) => post('/user/admin/dept/edit', { name: `Dept ${++seq}`, code: `d${seq}` }, as),
  posts: (as) => post('/user/admin/post/edit', { name: `Post ${++seq}`, code: `p${seq}` }, as),
  roles: (as) => post('/user/admin/role/edit', { name: `Role ${++seq}`, key: `r${seq}`, parentId: as ? null : adminRoleId }, as),
};
const LABEL: Record<QuotaKind, string> = { users: 'users', depts: 'departments', roles: 'roles', posts: 'posts' };

describe.each(['users', 'depts', 'posts', 'roles'] as const)('the policy maximum of %s', (kind) => {
  it(`accepts up to N ${kind} and refuses the next one with 409 and the message`, async () => {
    const max = (await live(kind)) + 2;
    await setMax(kind, max);
    for (let i = 0; i < 2; i++) expect((await create[kind]()).json()).toMatchObject({ code: 0 });
    expect(await live(kind)).toBe(max);
    const refused = await create[kind]();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The tenant's policy allows at most ${max} ${LABEL[kind]}: ask the platform administrator for a larger policy`);
    expect(refused.json().message).toBe(quotaMessage(kind, max));
    expect(await live(kind)).toBe(max);
  });

  it(`is unlimited when the maximum is 0`, async () => {
    await setMax(kind, 0);
    for (let i = 0; i < 3; i++) expect((await create[kind]()).json()).toMatchObject({ code: 0 });
  });

  it('never limits the platform tenant', async () => {
    // The platform tenant has no policy of its own; even pointed at a tight one it stays unlimited.
    await setMax(kind, 1);
    await t.db.update(tenants).set({ policyId }).where(eq(tenants.id, 1));
    try {
      expect((await create[kind](platformToken)).json()).toMatchObject({ code: 0 });
    } finally {
      await t.db.update(tenants).set({ policyId: null }).where(eq(tenants.id, 1));
      await setMax(kind, 0);
    }
  });
});

describe('users beyond the create call', () => {
  it('counts live users only, and checks a restore from the recycle bin', async () => {
    await setMax('users', 0);
    const victim = (await create.users()).json().data.id as number;
    expect((await post('/user/admin/member/delete', { id: victim })).json().code).toBe(0);
    const max = await live('users');
    await setMax('users', max);
    const refused = await post('/user/admin/member/restore', { id: victim });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(quotaMessage('users', max));
    await setMax('users', max + 1);
    expect((await post('/user/admin/member/restore', { id: victim })).json().code).toBe(0);
  });

  it('imports the rows that fit under the maximum and refuses each one past it', async () => {
    const max = (await live('users')) + 2;
    await setMax('users', max);
    const row = (n: string) => ({ username: `quota.imp${n}`, password: 'user-password-1', realName: 'Imp', mobile: mobileOf(++seq) });
    const answer = await post('/user/admin/member/import', { rows: [row('a'), row('b'), row('c')] });
    expect(answer.json().data).toEqual({
      imported: 2,
      errors: [
        {
          row: 3,
          field: '',
          message: `The tenant's policy allows at most ${max} users and the rows before this one reached it: ask the platform administrator for a larger policy`,
        },
      ],
    });
    expect(await live('users')).toBe(max);
    const full = await post('/user/admin/member/import', { rows: [row('d')] });
    expect(full.json().data).toMatchObject({ imported: 0, errors: [{ row: 1, field: '' }] });
    expect(await live('users')).toBe(max);
    await setMax('users', 0);
  });

  it('a tenant without a policy is unlimited', async () => {
    const other = await createTenant(t.db, { code: 'quota-b' });
    const id = await createUser(t.db, { username: 'quota.b', tenantId: other.tenantId, menuPaths: ['/org/dept'], withButtons: true });
    const otherToken = await tokenFor(t.db, other.tenantId, id);
    expect((await create.depts(otherToken)).json()).toMatchObject({ code: 0 });
  });
});

describe('the maximum under concurrent writers', () => {
  const outcome = async (calls: Promise<{ statusCode: number }>[]) => {
    const codes = (await Promise.all(calls)).map((r) => r.statusCode);
    return { made: codes.filter((c) => c === 200).length, refused: codes.filter((c) => c === 409).length, other: codes.filter((c) => c !== 200 && c !== 409) };
  };
  /** Runs `fn` with the maximum of `kind` at the live count plus `room`, and lifts it afterwards. */
  const withRoom = async <T>(kind: QuotaKind, room: number, fn: (max: number) => Promise<T>): Promise<T> => {
    const max = (await live(kind)) + room;
    await setMax(kind, max);
    try {
      return await fn(max);
    } finally {
      await setMax(kind, 0);
    }
  };

  it.each([
    ['depts', 50, 10],
    ['users', 30, 7],
    ['roles', 20, 5],
    ['posts', 20, 5],
  ] as const)('%s: %i simultaneous creates with room for %i make exactly that many and refuse the rest with 409', async (kind, tries, room) => {
    await withRoom(kind, room, async (max) => {
      expect(await outcome(Array.from({ length: tries }, () => create[kind]()))).toEqual({ made: room, refused: tries - room, other: [] });
      expect(await live(kind)).toBe(max);
    });
  });

  it('restores from the recycle bin only as many users as fit', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await create.users()).json().data.id as number);
    for (const id of ids) expect((await post('/user/admin/member/delete', { id })).json().code).toBe(0);
    await withRoom('users', 2, async (max) => {
      expect(await outcome(ids.map((id) => post('/user/admin/member/restore', { id })))).toEqual({ made: 2, refused: 4, other: [] });
      expect(await live('users')).toBe(max);
    });
  });

  it('counts imports and creates racing each other against the same maximum', async () => {
    const file = (tag: string) => ({
      rows: [1, 2].map((n) => ({ username: `quota.race${tag}${n}`, password: 'user-password-1', realName: 'Race', mobile: mobileOf(++seq) })),
    });
    await withRoom('users', 3, async (max) => {
      const before = max - 3;
      const answers = await Promise.all([
        post('/user/admin/member/import', file('a')),
        post('/user/admin/member/import', file('b')),
        create.users(),
        create.users(),
      ]);
      expect(answers.map((r) => r.statusCode).filter((c) => c !== 200 && c !== 409)).toEqual([]);
      // An import takes the rows that fit, a create its one user or none: what was accepted is what exists, and it fills the room exactly.
      const accepted = answers.reduce((n, r, i) => n + (r.statusCode !== 200 ? 0 : i < 2 ? (r.json().data.imported as number) : 1), 0);
      expect(await live('users')).toBe(before + accepted);
      expect(accepted).toBe(3);
    });
  });
});
