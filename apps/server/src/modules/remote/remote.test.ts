import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { remotes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertRemote } from './remote.repository';

const web = mkdtempSync(join(tmpdir(), 'uc-web-'));
const writeRemote = (app: string, info: object) => {
  mkdirSync(join(web, app, 'dist'), { recursive: true });
  writeFileSync(join(web, app, 'dist', 'uc-remote.json'), JSON.stringify(info));
  writeFileSync(join(web, app, 'dist', 'mf-manifest.json'), '{"id":"org"}');
};
writeRemote('org', { name: 'org', version: '0.1.0-1a2b3c4d', routes: ['/org'] });
writeRemote('permission', { name: 'permission', version: '0.1.0-5e6f7a8b', routes: ['/permission'] });
writeRemote('broken', { name: 'Not A Name', version: '1', routes: [] });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('remote registry', () => {
  it('lists the built remotes found in WEB_DIR, sorted, with local entries', async () => {
    const res = await t.app.inject({ url: '/user/admin/site/remotes' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().data).toEqual([
      { name: 'org', version: '0.1.0-1a2b3c4d', routes: ['/org'], entry: '/user/web/remotes/org/0.1.0-1a2b3c4d/mf-manifest.json' },
      { name: 'permission', version: '0.1.0-5e6f7a8b', routes: ['/permission'], entry: '/user/web/remotes/permission/0.1.0-5e6f7a8b/mf-manifest.json' },
    ]);
  });

  it('includes addon remotes at external URLs and leaves out disabled ones', async () => {
    await upsertRemote(t.db, { name: 'market', entry: 'https://cdn.example.com/market/mf-manifest.json', version: '2.0.0', routes: ['/market'], sort: 5 });
    await t.db.update(remotes).set({ enabled: false }).where(eq(remotes.name, 'permission'));
    const names = (await t.app.inject({ url: '/user/admin/site/remotes' })).json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual(['market', 'org']);
  });

  it("serves a remote's files under its version; manifests are revalidated, other files immutable", async () => {
    writeFileSync(join(web, 'org', 'dist', 'routes.1234abcd.js'), 'export {}');
    const manifest = await t.app.inject({ url: '/user/web/remotes/org/0.1.0-1a2b3c4d/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject({ url: '/user/web/remotes/org/0.1.0-1a2b3c4d/routes.1234abcd.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const old = await t.app.inject({ url: '/user/web/remotes/org/0.0.9-deadbeef/mf-manifest.json' });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe(-1);
  });
});
