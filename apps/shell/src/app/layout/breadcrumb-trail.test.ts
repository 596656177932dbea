import { type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { breadcrumbTrail } from './breadcrumb-trail';

const item = (over: Partial<AdminMenuItem>): AdminMenuItem => ({
  id: 1,
  name: '',
  locale: '',
  path: '',
  icon: '',
  remark: '',
  redirect: '',
  hidden: false,
  children: [],
  ...over,
});

const menu = [
  item({
    id: 1,
    name: '组织管理',
    path: '/org',
    children: [item({ id: 2, name: '用户管理', path: '/org/user' }), item({ id: 3, name: '部门管理', path: '/org/dept' })],
  }),
  item({ id: 4, name: '租户管理', path: '/tenant', children: [item({ id: 5, name: '租户列表', path: '/tenant/manage' })] }),
  item({ id: 6, name: '个人中心', path: '/home', children: [item({ id: 7, name: '我的消息', path: '/home/message' })] }),
  item({ id: 8, name: '文档', path: 'https://docs.example.com' }),
];
const remote = (pages: RemoteEntry['pages']): RemoteEntry =>
  ({ name: 'x', version: '1', entry: '', routes: [], title: {}, icon: '', pages, refused: [] }) as unknown as RemoteEntry;
const remotes = [
  remote([
    { path: '/tenant/details/:id', title: { 'zh-CN': '租户详情' }, icon: '', hidden: true, accessAs: '/tenant/manage', everyone: false },
    { path: '/home/message/:id', title: { 'zh-CN': '消息详情' }, icon: '', hidden: true, everyone: true },
  ] as RemoteEntry['pages']),
];
const titles: Record<string, string> = { '/tenant/details/:id': '租户详情', '/home/message/:id': '消息详情' };
const texts = { menu: (m: AdminMenuItem) => m.name, page: (path: string) => titles[path] };
const trail = (path: string) => breadcrumbTrail(menu, remotes, path, texts);

describe('breadcrumbTrail', () => {
  it('follows the menu tree down to the page, every step above it a link, the page itself none', () => {
    expect(trail('/org/user')).toEqual([
      { key: 'menu-1', title: '组织管理', to: '/org' },
      { key: 'menu-2', title: '用户管理' },
    ]);
    expect(trail('/org/dept/')).toEqual([
      { key: 'menu-1', title: '组织管理', to: '/org' },
      { key: 'menu-3', title: '部门管理' },
    ]);
  });

  it('hangs a hidden detail page below the entry it is opened from (accessAs), with its declared title', () => {
    expect(trail('/tenant/details/7')).toEqual([
      { key: 'menu-4', title: '租户管理', to: '/tenant' },
      { key: 'menu-5', title: '租户列表', to: '/tenant/manage' },
      { key: 'page-/tenant/details/:id', title: '租户详情' },
    ]);
  });

  it('hangs a page without accessAs below the nearest entry above its address', () => {
    expect(trail('/home/message/12').map((c) => c.title)).toEqual(['个人中心', '我的消息', '消息详情']);
    expect(trail('/home/message/12')[1]).toEqual({ key: 'menu-7', title: '我的消息', to: '/home/message' });
  });

  it('has no trail where no menu entry leads (the exception pages), and never follows an http entry', () => {
    expect(trail('/error/403')).toEqual([]);
    expect(trail('https://docs.example.com')).toEqual([]);
  });

  it('reads the texts it is given, so the trail follows the reader’s language', () => {
    const english = breadcrumbTrail(menu, remotes, '/org/user', { menu: (m) => (m.id === 1 ? 'Organisation' : 'Users'), page: () => undefined });
    expect(english.map((c) => c.title)).toEqual(['Organisation', 'Users']);
  });
});
