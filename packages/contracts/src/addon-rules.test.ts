import { addonManifestSchema, type AddonManifestInput } from './addon.contract';
import { consoleAreaOf, consoleClashes, isConsoleAddress } from './addon-rules';
import { memberListCall } from './member.contract';

const manifest = (over: Partial<AddonManifestInput> = {}) =>
  addonManifestSchema.parse({
    name: 'acme',
    version: '1.0.0',
    title: { 'zh-CN': '报表', 'en-US': 'Reports' },
    description: { 'zh-CN': '报表', 'en-US': 'Reports' },
    pages: [{ path: '/acme/report', title: { 'zh-CN': '报表', 'en-US': 'Reports' }, permissions: ['/acme/api/report/list'] }],
    ...over,
  });

describe('what an addon may not take from the console', () => {
  it('takes nothing when its name, routes and addresses are its own', () => {
    expect(consoleClashes(manifest())).toEqual([]);
  });

  it("refuses the console's API addresses as permissions, of pages and of buttons, saying where", () => {
    expect(isConsoleAddress(memberListCall.path)).toBe(true);
    // In the console's namespaces even when no call has that address (yet).
    expect(isConsoleAddress('/admin/admin/acme/list')).toBe(true);
    expect(isConsoleAddress('/acme/admin/list')).toBe(false);
    const m = manifest({
      pages: [
        {
          path: '/acme/users',
          title: { 'zh-CN': '用户', 'en-US': 'Users' },
          permissions: ['/acme/api/list', '/user/admin/member/list'],
          buttons: [{ title: { 'zh-CN': '编辑', 'en-US': 'Edit' }, permissions: ['/user/admin/member/edit'] }],
        },
      ],
    });
    expect(consoleClashes(m)).toEqual([
      { kind: 'permission', permission: '/user/admin/member/list', page: 0, index: 1 },
      { kind: 'permission', permission: '/user/admin/member/edit', page: 0, button: 0, index: 0 },
    ]);
  });

  it('refuses the names and routes of first-party areas', () => {
    for (const area of ['org', 'permission', 'tenant', 'home', 'market', 'dashboard', 'system', 'pt', 'user', 'addons', 'account']) {
      expect(consoleAreaOf(`/${area}/x`)).toBe(`/${area}`);
    }
    expect(consoleAreaOf('/organisation/x')).toBeUndefined();
    const m = manifest({ name: 'system', pages: [{ path: '/system/report', title: { 'zh-CN': '报表', 'en-US': 'Reports' } }] });
    expect(consoleClashes(m)).toEqual([
      { kind: 'name', name: 'system' },
      { kind: 'route', route: '/system', area: '/system' },
    ]);
  });
});
