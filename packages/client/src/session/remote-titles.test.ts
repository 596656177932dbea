import { registerMessages, t } from '../i18n/i18n-store';
import { registerRemoteTitles } from './session-store';

describe('registerRemoteTitles', () => {
  it("gives a remote's menu entries its declared titles in each locale, without overriding the console's own texts", () => {
    registerMessages('en-US', { 'menu.org.user': 'Users (console)' });
    registerRemoteTitles([
      {
        name: 'demo',
        entry: '/user/web/remotes/demo/1/mf-manifest.json',
        version: '1',
        routes: ['/demo/hello'],
        title: { 'zh-CN': '演示', 'en-US': 'Demo' },
        icon: '',
        pages: [
          { path: '/demo/hello', title: { 'zh-CN': '你好', 'en-US': 'Hello' } },
          { path: '/demo/hello/:id', title: { 'zh-CN': '详情', 'en-US': 'Details' }, hidden: true },
        ],
        refused: [],
      },
      {
        name: 'org',
        entry: '/o',
        version: '1',
        routes: ['/org/user'],
        title: {},
        icon: '',
        pages: [{ path: '/org/user', title: { 'en-US': 'Remote says' } }],
        refused: [],
      },
    ]);
    expect(t('menu.demo', undefined, 'en-US')).toBe('Demo');
    expect(t('menu.demo.hello', undefined, 'zh-CN')).toBe('你好');
    expect(t('menu.demo.hello.id', undefined, 'en-US')).toBe('Details');
    expect(t('menu.org.user', undefined, 'en-US')).toBe('Users (console)');
  });
});
