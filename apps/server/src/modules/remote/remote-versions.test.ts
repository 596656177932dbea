import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeRemoteBuild } from '../../test/remote-builds';
import { KEPT_REMOTE_VERSIONS, RemoteVersionStore } from './remote-versions';
import { RemoteCatalogue } from './remote.catalogue';
import { allRemotes } from './remote.repository';

/*
 * A redeploy replaces WEB_DIR/<app>/dist, but tabs that loaded the old version still ask for its
 * chunks: the server keeps the last versions it saw in DATA_DIR/remotes and serves them, bounded.
 */

const root = mkdtempSync(join(tmpdir(), 'uc-remote-versions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the kept versions of a built remote', () => {
  const web = join(root, 'store-web');
  const kept = join(root, 'store-kept');

  it('copies each version once, keeps the last three, newest first, and removes older ones', async () => {
    const warnings: string[] = [];
    const store = new RemoteVersionStore(kept, (m) => warnings.push(m));
    const dist = join(web, 'org', 'dist');
    for (const [i, version] of ['1.0.0-a', '1.0.0-b', '1.0.0-c', '1.0.0-d', '1.0.0-e'].entries()) {
      writeRemoteBuild(web, 'org', { version });
      await Promise.all([store.remember('org', version, dist, 1000 + i), store.remember('org', version, dist, 1000 + i)]);
    }
    expect(KEPT_REMOTE_VERSIONS).toBe(3);
    expect(store.versionsOf('org')).toEqual(['1.0.0-e', '1.0.0-d', '1.0.0-c']);
    expect(readdirSync(join(kept, 'org')).sort()).toEqual(['1.0.0-c', '1.0.0-d', '1.0.0-e']);
    expect(store.dirOf('org', '1.0.0-b')).toBeUndefined();
    expect(store.dirOf('org', '1.0.0-d')).toBe(join(kept, 'org', '1.0.0-d'));
    expect(warnings).toEqual([]);
  });

  it('keeps nothing of a build replaced or still being written while it is copied', async () => {
    const store = new RemoteVersionStore(kept, () => undefined);
    const dist = join(web, 'half', 'dist');
    const chunk = writeRemoteBuild(web, 'half', { version: '2.0.0-a' });
    unlinkSync(join(dist, chunk));
    await store.remember('half', '2.0.0-a', dist);
    expect(store.dirOf('half', '2.0.0-a')).toBeUndefined();
    // The folder says another version than the one registered: a deploy came in between.
    writeRemoteBuild(web, 'half', { version: '2.0.0-b' });
    await store.remember('half', '2.0.0-a', dist);
    expect(store.dirOf('half', '2.0.0-a')).toBeUndefined();
    expect(existsSync(join(kept, 'half')) ? readdirSync(join(kept, 'half')) : []).toEqual([]);
  });
});

describe('a remote redeployed under WEB_DIR while the server runs', () => {
  const web = join(root, 'web');
  let t: TestApp;
  const chunks: Record<string, string> = {};
  const deploy = (version: string) => (chunks[version] = writeRemoteBuild(web, 'org', { version, text: `org build ${version}` }));

  const registered = async () =>
    ((await t.app.inject({ url: '/user/admin/site/remotes' })).json().data as { name: string; version: string }[]).find((r) => r.name === 'org')?.version;
  /** Waits (for the server's own look at WEB_DIR, WEB_DIR_SCAN_MS) until the registry names `version` and keeps its copy. */
  async function until(what: () => boolean | Promise<boolean>, label: string) {
    for (let i = 0; i < 500; i++) {
      if (await what()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`never: ${label}`);
  }
  const keptCopy = (version: string) => existsSync(join(t.config.dataDir, 'remotes', 'org', version, '.uc-kept'));
  const file = (version: string, path: string) => t.app.inject({ url: `/user/web/remotes/org/${version}/${path}` });

  beforeAll(async () => {
    deploy('0.1.0-aaaa0001');
    t = await createTestApp({ webDir: web, env: { WEB_DIR_SCAN_MS: '20' } });
  });
  afterAll(() => t.close());

  it('registers each new version without a restart and keeps serving the versions before it, the last three', async () => {
    await until(() => keptCopy('0.1.0-aaaa0001'), 'the first version kept');
    for (const version of ['0.1.0-aaaa0002', '0.1.0-aaaa0003']) {
      deploy(version);
      await until(async () => (await registered()) === version, `org ${version} registered`);
      await until(() => keptCopy(version), `org ${version} kept`);
    }
    // The first version's files are gone from WEB_DIR, and still served, as they were.
    const old = await file('0.1.0-aaaa0001', chunks['0.1.0-aaaa0001']!);
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('/* org build 0.1.0-aaaa0001 */');
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await file('0.1.0-aaaa0001', 'remoteEntry.js')).body).toBe('/* entry of org build 0.1.0-aaaa0001 */');
    expect((await file('0.1.0-aaaa0003', chunks['0.1.0-aaaa0003']!)).body).toBe('/* org build 0.1.0-aaaa0003 */');

    // A fourth: the first leaves, the three last stay.
    deploy('0.1.0-aaaa0004');
    await until(async () => (await registered()) === '0.1.0-aaaa0004' && keptCopy('0.1.0-aaaa0004'), 'org 0.1.0-aaaa0004');
    await until(() => !keptCopy('0.1.0-aaaa0001'), 'the oldest copy removed');
    expect((await file('0.1.0-aaaa0001', chunks['0.1.0-aaaa0001']!)).statusCode).toBe(404);
    for (const version of ['0.1.0-aaaa0002', '0.1.0-aaaa0003', '0.1.0-aaaa0004'])
      expect((await file(version, chunks[version]!)).body).toBe(`/* org build ${version} */`);
  });

  it('waits for a deploy still copying files in: the registry keeps the previous version until the build is whole', async () => {
    const web2 = join(root, 'web2');
    const catalogue = new RemoteCatalogue(t.db, web2, () => undefined);
    writeRemoteBuild(web2, 'posts', { version: '1.0.0-a' });
    await catalogue.scan();
    const version = async () => (await allRemotes(t.db)).find((r) => r.name === 'posts')?.version;
    expect(await version()).toBe('1.0.0-a');
    // Nothing changed on disk: nothing to do.
    expect(await catalogue.checkForChanges()).toBe(false);

    const chunk = writeRemoteBuild(web2, 'posts', { version: '1.0.0-b' });
    const body = readFileSync(join(web2, 'posts', 'dist', chunk));
    unlinkSync(join(web2, 'posts', 'dist', chunk));
    expect(await catalogue.checkForChanges()).toBe(true);
    expect(await version()).toBe('1.0.0-a');
    // Looked at again on every look while it is incomplete, then taken once whole.
    expect(await catalogue.checkForChanges()).toBe(true);
    expect(await version()).toBe('1.0.0-a');
    writeFileSync(join(web2, 'posts', 'dist', chunk), body);
    expect(await catalogue.checkForChanges()).toBe(true);
    expect(await version()).toBe('1.0.0-b');
    expect(await catalogue.checkForChanges()).toBe(false);
  });
});
