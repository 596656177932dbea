import { createTestApp, type TestApp } from '../test/test-app';
import { auth } from '../test/fixtures';

/*
 * Concurrent creates that clash on a unique index: the check in the service cannot see a request
 * running at the same moment, so the index decides, and its refusal must reach the caller as a 409
 * naming the field (never a 500), with exactly one record made.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

async function burst(url: string, bodies: unknown[]) {
  const answers = await Promise.all(
    bodies.map((payload) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: auth(token) })),
  );
  return answers.map((r) => ({ status: r.statusCode, ...r.json<{ message: string; data: { fields?: { field: string }[] } | null }>() }));
}
const tally = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});

describe('unique clashes under concurrency', () => {
  it('20 simultaneous role creates with one key make one role and nineteen 409s naming the key', async () => {
    const answers = await burst(
      '/user/admin/role/edit',
      Array.from({ length: 20 }, (_, i) => ({ name: `Racer ${i}`, key: 'racer', dataScope: 1 })),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: 19 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.message).toMatch(/key|code/i);
    type Node = { key: string; children?: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const list = await t.app.inject({ url: '/user/admin/role/list', headers: auth(token) });
    expect(flat(list.json<{ data: { list: Node[] } }>().data.list).filter((r) => r.key === 'racer')).toHaveLength(1);
  });

  it('20 simultaneous user creates with one name make one user and nineteen 409s naming the user name', async () => {
    const answers = await burst(
      '/user/admin/member/edit',
      Array.from({ length: 20 }, (_, i) => ({
        username: 'racer.user',
        realName: 'Racer',
        mobile: `1390000${String(i).padStart(4, '0')}`,
        password: 'Racer-password-77',
      })),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: 19 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.data?.fields?.map((f) => f.field)).toEqual(['username']);
  });

  it('20 simultaneous post creates with one code make one post and nineteen 409s naming the code', async () => {
    const answers = await burst(
      '/user/admin/post/edit',
      Array.from({ length: 20 }, (_, i) => ({ name: `Racer post ${i}`, code: 'racer-post' })),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: 19 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.data?.fields?.map((f) => f.field)).toEqual(['code']);
  });
});
