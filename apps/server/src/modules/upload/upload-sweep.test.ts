import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { uploads, users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fetchFile, PNG, uploadImage } from './upload.fixtures';
import { scheduleUploadSweep, sweepUploads } from './upload-sweep';

const DAY = 86_400_000;
const hex = (c: string) => c.repeat(32);
/** Files put in DATA_DIR/uploads before the server starts, as a server without the uploads table left them. */
const OLD_STRAY = `${hex('1')}.png`;
const NEW_STRAY = `${hex('2')}.png`;
const LEGACY_CODE = `${hex('3')}.png`;
const url = (name: string) => `/admin/admin/upload/file/${name}`;

let t: TestApp;
let admin: string;
let dataDir: string;
let dir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uc-sweep-'));
  dir = join(dataDir, 'uploads');
  mkdirSync(dir);
  for (const name of [OLD_STRAY, NEW_STRAY, LEGACY_CODE]) writeFileSync(join(dir, name), PNG);
  const twoDaysAgo = new Date(Date.now() - 2 * DAY);
  for (const name of [OLD_STRAY, LEGACY_CODE]) utimesSync(join(dir, name), twoDaysAgo, twoDaysAgo);
  t = await createTestApp({
    env: { DATA_DIR: dataDir },
    beforeBuild: async (db) => {
      const id = await createUser(db, { username: 'sw.legacy' });
      await db
        .update(users)
        .set({ alipayCode: url(LEGACY_CODE) })
        .where(eq(users.id, id));
    },
  });
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const has = (name: string) => existsSync(join(dir, name));
const rowOf = async (name: string) =>
  (await t.db.select({ tenantId: uploads.tenantId, purpose: uploads.purpose }).from(uploads).where(eq(uploads.name, name)))[0];
const upload = async (purpose: 'public' | 'private') => (await uploadImage(t, admin, { purpose })).body.data.name as string;
/** As if every upload so far had been made (or last saved) two days ago. */
const ageAll = () => t.db.update(uploads).set({ usedAt: sql`now() - interval '2 days'` });
const member = async (path: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/member/${path}`, payload, headers: auth(admin) });
  expect(res.json().code).toBe(0);
  return res.json().data;
};

describe('upload sweep', () => {
  it('on start deletes old files no record refers to, adopts a referenced one from before the uploads table, keeps recent ones', async () => {
    expect(has(OLD_STRAY)).toBe(false);
    expect(has(NEW_STRAY)).toBe(true);
    expect(has(LEGACY_CODE)).toBe(true);
    // The payment code saved before this fix is now its tenant's private file.
    expect(await rowOf(LEGACY_CODE)).toEqual({ tenantId: PLATFORM_TENANT_ID, purpose: 'private' });
    expect((await fetchFile(t, url(LEGACY_CODE))).statusCode).toBe(401);
    expect((await fetchFile(t, url(LEGACY_CODE), admin)).headers['cache-control']).toBe('private, no-store');
  });

  it('deletes uploads no record refers to once past the grace period, keeps referenced and young ones, and the files replaced on save', async () => {
    const [avatar, code, unusedPublic, unusedPrivate] = [await upload('public'), await upload('private'), await upload('public'), await upload('private')];
    const user = await member('edit', {
      username: 'sw.payee',
      password: 'payee-password',
      realName: 'Payee',
      mobile: '13800000041',
      avatar: url(avatar),
      alipayCode: url(code),
    });

    expect((await sweepUploads(t.db, dir)).deleted).toEqual([]);
    await ageAll();
    expect((await sweepUploads(t.db, dir)).deleted.sort()).toEqual([unusedPublic, unusedPrivate].sort());
    for (const name of [unusedPublic, unusedPrivate]) {
      expect(has(name)).toBe(false);
      expect(await rowOf(name)).toBeUndefined();
    }
    for (const name of [avatar, code]) expect(has(name) && (await rowOf(name)) !== undefined).toBe(true);

    // A new payment code replaces the old one: the old file is nobody's any more.
    const newCode = await upload('private');
    await member('edit', { id: user.id, username: 'sw.payee', realName: 'Payee', mobile: '13800000041', avatar: url(avatar), alipayCode: url(newCode) });
    await ageAll();
    expect((await sweepUploads(t.db, dir)).deleted).toEqual([code]);
    expect(has(newCode)).toBe(true);
  });

  it("keeps a picture while a notice's content shows it, and lets it go with the notice", async () => {
    const picture = await upload('public');
    const post = async (path: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/admin/admin/notice/${path}`, payload, headers: auth(admin) });
      expect(res.json().code).toBe(0);
      return res.json().data;
    };
    const notice = await post('edit', { title: 'With a picture', rangeType: 1, content: `<p>See:</p><p><img src="${url(picture)}" alt="chart"></p>` });
    expect(notice.content).toContain(url(picture));
    await ageAll();
    expect((await sweepUploads(t.db, dir)).deleted).not.toContain(picture);
    expect(has(picture)).toBe(true);
    await post('delete', { id: notice.id });
    expect((await sweepUploads(t.db, dir)).deleted).toContain(picture);
  });

  it('keeps the images of a user in the recycle bin and removes them when the user is purged', async () => {
    const code = await upload('private');
    const user = await member('edit', { username: 'sw.leaver', password: 'leaver-password', realName: 'Leaver', mobile: '13800000042', alipayCode: url(code) });
    await member('delete', { id: user.id });
    expect((await sweepUploads(t.db, dir, { graceMs: 0 })).deleted).not.toContain(code);
    await member('purge', { id: user.id });
    expect((await sweepUploads(t.db, dir, { graceMs: 0 })).deleted).toContain(code);
    expect(has(code)).toBe(false);
  });

  it('takes the grace period as given: with none, a just-uploaded image nobody saved goes at once', async () => {
    const fresh = await upload('public');
    expect((await sweepUploads(t.db, dir)).deleted).not.toContain(fresh);
    expect((await sweepUploads(t.db, dir, { graceMs: 0 })).deleted).toContain(fresh);
  });

  it('runs on a timer while the app is up and stops when it closes', async () => {
    const app = Fastify({ logger: false });
    scheduleUploadSweep(app, t.db, dir, { graceMs: 0, everyMs: 30 });
    await app.ready();
    const stray = `${hex('4')}.png`;
    writeFileSync(join(dir, stray), PNG);
    utimesSync(join(dir, stray), new Date(Date.now() - DAY), new Date(Date.now() - DAY));
    const deadline = Date.now() + 5_000;
    while (has(stray) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(has(stray)).toBe(false);
    await app.close();
    writeFileSync(join(dir, stray), PNG);
    utimesSync(join(dir, stray), new Date(Date.now() - DAY), new Date(Date.now() - DAY));
    await new Promise((r) => setTimeout(r, 150));
    expect(has(stray)).toBe(true);
  });
});
