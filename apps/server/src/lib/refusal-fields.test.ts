import { auth, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * A refusal reads as a sentence in the reader's language, without raw field keys, and names the fields
 * it is about in `data.fields` for the forms to show under each field.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const HAN = /\p{Script=Han}/u;
/** A field key and a colon at the start, or anywhere as `key: ` (the old "code: 部门编码…"). */
const RAW_KEY = /(^|[；;]\s*)[a-z][A-Za-z0-9.]*: /;

const post = async (url: string, payload: object, language = 'zh-CN') => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...auth(token), 'accept-language': language } });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: { fields?: { field: string; message: string }[] } | null }>() };
};

describe('refusals about a field', () => {
  it('name the department code a duplicate clashes on in data.fields, the message a Chinese sentence without "code:"', async () => {
    expect((await post('/user/admin/dept/edit', { name: 'Wording A', code: 'wording-dup' })).body.code).toBe(0);
    const { status, body } = await post('/user/admin/dept/edit', { name: 'Wording B', code: 'wording-dup' });
    expect(status).toBe(409);
    expect(body.message).toBe('部门编码“wording-dup”已被其他部门使用，请换一个');
    expect(body.data?.fields).toEqual([{ field: 'code', message: body.message }]);
    const en = await post('/user/admin/dept/edit', { name: 'Wording B', code: 'wording-dup' }, 'en-US');
    expect(en.body.message).toBe('The department code "wording-dup" is already used by another department: choose another');
    expect(en.body.data?.fields).toEqual([{ field: 'code', message: en.body.message }]);
  });

  it('name the amount of a deduction below zero', async () => {
    const id = await createUser(t.db, { username: 'wording.poor' });
    const { status, body } = await post('/user/admin/member/addBalance', { id, operateMode: 2, num: 1 });
    expect(status).toBe(409);
    expect(body.message).toBe('余额不足：该用户余额为 0.00，少于 1.00');
    expect(body.data?.fields).toEqual([{ field: 'num', message: body.message }]);
  });

  it('name every field a body breaks, each with its own sentence', async () => {
    const { status, body } = await post('/user/admin/dept/edit', { name: '', code: 'wording-rules', sort: 'first' });
    expect(status).toBe(400);
    expect(body.message).not.toMatch(RAW_KEY);
    expect(body.data?.fields?.map((f) => f.field).sort()).toEqual(['name', 'sort']);
    for (const f of body.data!.fields!) {
      expect(f.message).toMatch(HAN);
      expect(f.message).not.toMatch(RAW_KEY);
      expect(body.message).toContain(f.message);
    }
  });

  it("say a rule the contract gave no message of its own in the server's words: no English type names in Chinese", async () => {
    // The menu list's client rule has no message of the contract's own: zod's Chinese says "数值过大：期望 number <=2".
    const read = async (client: string, language: string) => {
      const res = await t.app.inject({ url: '/user/admin/menu/list', query: { client }, headers: { ...auth(token), 'accept-language': language } });
      return { status: res.statusCode, body: res.json<{ message: string; data: { fields?: { field: string; message: string }[] } | null }>() };
    };
    const zh = await read('5', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('字段 client 的值不能大于 2');
    expect(zh.body.data?.fields).toEqual([{ field: 'client', message: zh.body.message }]);
    expect((await read('5', 'en-US')).body.message).toBe('The field client must be at most 2');
    expect((await read('x', 'zh-CN')).body.message).toBe('字段 client 的值必须是数字');
  });

  it('name the field of a template whose tag is a placeholder (a NUL character in a body field)', async () => {
    const { status, body } = await post('/user/admin/dept/edit', { name: 'a\u0000b', code: 'wording-nul' });
    expect(status).toBe(400);
    expect(body.message).toBe('该字段不能包含 NUL 字符（\\u0000），请删除后重新发送');
    expect(body.data?.fields).toEqual([{ field: 'name', message: body.message }]);
  });
});
