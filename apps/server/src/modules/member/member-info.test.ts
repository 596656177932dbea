import { PERMISSION_CATALOGUE } from '@uc/contracts';
import { auth } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('member info', () => {
  it('describes the signed-in admin with roles and every permission', async () => {
    const token = await t.login();
    const res = await t.app.inject({ url: '/user/admin/member/info?addon=ml.svc.user', headers: auth(token) });
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data).toMatchObject({ username: 'admin', realName: '管理员', tenantId: 1, tenantName: '平台', isSuperAdmin: true });
    expect(data.roles).toEqual([{ id: expect.any(Number), name: '超级管理员', key: 'super_admin' }]);
    for (const p of PERMISSION_CATALOGUE) expect(data.permissions).toContain(p);
    expect(data.permissions).toContain('/user/admin/member/edit');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/user/admin/member/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 61, data: null });
  });
});
