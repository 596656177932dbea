import { ALL_CALLS } from '@uc/contracts';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every contract call at /user/admin/docs/json', async () => {
    const res = await t.app.inject({ url: '/user/admin/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const call of ALL_CALLS) {
      const op = doc.paths[call.path]?.[call.method.toLowerCase()];
      expect(op).toMatchObject({ summary: call.summary, 'x-access': call.access });
    }
    expect(doc.paths['/user/admin/tenant/invite/list'].get).toMatchObject({
      'x-platform-only': true,
      description: expect.stringMatching(/Only users of the platform tenant/),
    });
    expect(doc.paths['/user/admin/member/list'].get['x-platform-only']).toBeUndefined();
    const list = doc.paths['/user/admin/member/list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'pageSize', 'sort', 'filter', 'after']);
    expect(doc.paths['/user/admin/site/accountLogin'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    // Every $ref resolves inside the document (the recursive menu item is lifted into components).
    for (const ref of JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []) {
      const name = ref.replace(/^"\$ref":"#\/components\/schemas\//, '').replace(/"$/, '');
      expect(doc.components.schemas[name]).toBeDefined();
    }
  });

  it('serves swagger-ui at /user/admin/docs', async () => {
    const res = await t.app.inject({ url: '/user/admin/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
  });
});
