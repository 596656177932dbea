import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHELL_SHARED_VERSIONS_FILE, type RemoteEntry } from '@uc/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addonEntry, upsertRemote } from './remote.repository';

/*
 * Issue 27, point 4: a version built against a strict shared singleton (react, antd, @uc/client ...) in a
 * range the console's version does not satisfy is refused in its registry entry, with what it needs,
 * what the console has and what to do, so the shell shows that instead of loading it: builds in WEB_DIR
 * and installed addons alike. Stateless packages (@uc/contracts, @uc/ui) shared by version never are: a
 * remote built against a newer one brings its own copy.
 */
const web = mkdtempSync(join(tmpdir(), 'uc-web-'));
const writeBuild = (app: string, version: string, shared: Record<string, string>) => {
  const dist = join(web, app, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'uc-remote.json'), JSON.stringify({ name: app, version, routes: [`/${app}`] }));
  writeFileSync(join(dist, 'uc-addon.json'), JSON.stringify({ name: app, version: '0.1.0', shared }));
  writeFileSync(join(dist, 'mf-manifest.json'), '{"id":"x"}');
};

/** The versions the console runs, as the shell's build records them (apps/shell/rspack.config.mjs). */
const consoleVersions = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  antd: '6.6.8',
  '@ant-design/cssinjs': '2.1.2',
  zustand: '5.1.0',
  // Not the workspace's versions (the fallback when no shell build says): the shell's build decides.
  '@uc/client': '1.4.2',
  '@uc/ui': '1.4.0',
  '@uc/contracts': '1.4.0',
};
mkdirSync(join(web, 'shell', 'dist'), { recursive: true });
writeFileSync(join(web, 'shell', 'dist', SHELL_SHARED_VERSIONS_FILE), JSON.stringify({ shared: consoleVersions }));

const ranges = Object.fromEntries(Object.entries(consoleVersions).map(([name, version]) => [name, `^${version}`]));
// Built against the console's versions, but with the newer minors of the stateless packages (and icons).
writeBuild('org', '1.1.0-aaaaaaaa', { ...ranges, '@uc/contracts': '^1.5.0', '@uc/ui': '^1.5.0', '@ant-design/icons': '^7.0.0' });
// A new major of the client and of antd.
writeBuild('tenant', '2.0.0-bbbbbbbb', { ...ranges, '@uc/client': '^2.0.0', antd: '^7.0.0' });
// A newer minor of the client than the console has: it may use what the console's copy lacks.
writeBuild('home', '1.5.0-cccccccc', { ...ranges, '@uc/client': '^1.5.0' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir: web, env: { WEB_DIR_SCAN_MS: '0' } });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const registry = async (language?: string): Promise<RemoteEntry[]> =>
  (await t.app.inject({ url: '/user/admin/site/remotes', headers: language ? { 'accept-language': language } : {} })).json().data;
const entry = async (name: string, language?: string) => (await registry(language)).find((r) => r.name === name)!;

describe('the registry refuses what the console cannot run', () => {
  it('lets a build through that needs newer minors of the stateless packages only: it brings its own copies', async () => {
    const org = await entry('org');
    expect(org.version).toBe('1.1.0-aaaaaaaa');
    expect(org.refused).toEqual([]);
  });

  it('refuses a build against a new major of @uc/client and of antd, naming each library, both versions and what to do', async () => {
    const tenant = await entry('tenant');
    // Still listed (its menus lead to the page that says why), but refused.
    expect(tenant.version).toBe('2.0.0-bbbbbbbb');
    expect(tenant.refused.map(({ library, required, console }) => ({ library, required, console }))).toEqual([
      { library: 'antd', required: '^7.0.0', console: '6.6.8' },
      { library: '@uc/client', required: '^2.0.0', console: '1.4.2' },
    ]);
    const client = tenant.refused.find((r) => r.library === '@uc/client')!;
    expect(client.message).toBe(
      "tenant 2.0.0-bbbbbbbb was built against @uc/client ^2.0.0, but the console runs @uc/client 1.4.2: the console does not load it. Build it again against the console's @uc/client 1.4.2 and deploy it (an addon: install a version built so, or roll back to one in the market), or upgrade the console to a @uc/client that satisfies ^2.0.0",
    );
  });

  it("says it in the reader's language", async () => {
    const [antd] = (await entry('tenant', 'zh-CN')).refused;
    expect(antd!.message).toBe(
      'tenant 2.0.0-bbbbbbbb 基于 antd ^7.0.0 构建，但控制台运行的是 antd 6.6.8，因此控制台不会加载它。请基于控制台的 antd 6.6.8 重新构建并部署（插件：安装这样构建的版本，或在应用市场回滚到兼容的版本），或将控制台的 antd 升级到满足 ^7.0.0 的版本',
    );
  });

  it('refuses a newer minor of a strict singleton than the console has', async () => {
    expect((await entry('home')).refused).toEqual([expect.objectContaining({ library: '@uc/client', required: '^1.5.0', console: '1.4.2' })]);
  });

  it('refuses an installed addon the console no longer satisfies, and takes it back once the console does', async () => {
    const shared = { ...ranges, react: '^20.0.0' };
    await upsertRemote(t.db, { name: 'hello', entry: addonEntry('hello', '1.0.0'), version: '1.0.0', routes: ['/hello'], shared, sort: 1000 });
    expect((await entry('hello')).refused).toEqual([expect.objectContaining({ library: 'react', required: '^20.0.0', console: '19.3.1' })]);
    await upsertRemote(t.db, { name: 'hello', entry: addonEntry('hello', '1.0.1'), version: '1.0.1', routes: ['/hello'], shared: ranges, sort: 1000 });
    expect((await entry('hello')).refused).toEqual([]);
  });
});
