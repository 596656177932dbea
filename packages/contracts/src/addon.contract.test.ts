import { addonManifestSchema, addonPermissions, addonRoutes, parseVersionId, versionIdSchema, type AddonManifestInput } from './addon.contract';

const valid: AddonManifestInput = {
  name: 'acme-report',
  version: '1.2.0-beta.1',
  title: { 'zh-CN': '报表', 'en-US': 'Reports', 'ja-JP': 'レポート' },
  description: { 'zh-CN': '销售报表', 'en-US': 'Sales reports' },
  pages: [
    {
      path: '/acme/report',
      title: { 'zh-CN': '报表', 'en-US': 'Reports' },
      permissions: ['/acme/api/report/list'],
      buttons: [{ title: { 'zh-CN': '导出', 'en-US': 'Export' }, permissions: ['/acme/api/report/export'] }],
    },
    { path: '/acme/report/:id', title: { 'zh-CN': '详情', 'en-US': 'Details' }, hidden: true, accessAs: '/acme/report' },
  ],
  shared: { react: '^19.0.0', antd: '^6.0.0' },
};

const problems = (m: unknown) => {
  const r = addonManifestSchema.safeParse(m);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the addon manifest', () => {
  it('accepts a full manifest, filling the defaults, and derives routes and permissions from the pages', () => {
    const m = addonManifestSchema.parse(valid);
    expect(m.icon).toBe('AppstoreOutlined');
    expect(m.pages[1]).toMatchObject({ permissions: [], buttons: [] });
    expect(addonRoutes(m)).toEqual(['/acme']);
    expect(addonRoutes({ ...m, routes: ['/acme/report'] })).toEqual(['/acme/report']);
    expect(addonPermissions(m)).toEqual(['/acme/api/report/list', '/acme/api/report/export']);
  });

  it.each([
    ['name', { name: 'Acme' }, 'Addon name must be 1 to 64 lower-case letters'],
    ['name', { name: 'acme-' }, 'Addon name must be 1 to 64 lower-case letters'],
    ['version', { version: 'v1.0' }, 'Addon version must be a semantic version'],
    ['title', { title: { 'zh-CN': '报表' } }, 'Titles and descriptions must give a text for zh-CN and for en-US'],
    ['pages', { pages: [] }, 'An addon needs at least one page'],
    ['pages.0.path', { pages: [{ ...valid.pages[0]!, path: '/Acme/Report' }] }, 'A page path is such as /acme/report'],
    ['pages.0.permissions.0', { pages: [{ ...valid.pages[0]!, permissions: ['acme list'] }] }, 'Permission strings are API addresses'],
    ['pages.1.path', { pages: [valid.pages[0]!, valid.pages[0]!] }, 'Page path /acme/report is declared twice'],
    ['screenshots.0', { screenshots: ['../secret.png'] }, 'Screenshots are image files inside the package'],
  ])('refuses a wrong %s, saying what is expected', (path, over, message) => {
    expect(problems({ ...valid, ...over })).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${path.replace(/\./g, '\\.')}: ${message.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`))]),
    );
  });

  it('names one package version by name@version', () => {
    expect(versionIdSchema.safeParse('acme-report@1.2.0-beta.1').success).toBe(true);
    expect(parseVersionId('acme-report@1.2.0-beta.1')).toEqual({ name: 'acme-report', version: '1.2.0-beta.1' });
    for (const wrong of ['acme-report', '@1.0.0', 'acme@1.0', 'Acme@1.0.0']) expect(versionIdSchema.safeParse(wrong).success).toBe(false);
  });
});
