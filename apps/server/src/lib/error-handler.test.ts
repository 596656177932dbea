import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the envelope on every failure', () => {
  it('404 names the method and path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/user/admin/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'There is no API at DELETE /user/admin/nothing/here: check the method and the address', data: null });
  });

  it('400 names the field and the rule', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: 'username: username is required', data: null });
  });

  it('400 on a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message: expect.stringContaining('not valid JSON'), data: null });
  });

  it('500 hides the details of a crash', async () => {
    const broken = await createTestApp();
    try {
      // A database that lost a table: the query fails inside the handler.
      await broken.db.execute(sql`drop table site_settings`);
      const res = await broken.app.inject({ url: '/admin/admin/site/config' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ code: -1, message: expect.stringMatching(/^Something went wrong on the server/), data: null });
      expect(res.body).not.toMatch(/site_settings|stack|at /);
    } finally {
      await broken.close();
    }
  });
});
