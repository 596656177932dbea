import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { menuEditCall, menuListCall, type MenuNode } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerPermissionMessages } from '../../locales';
import { MenuPage } from './menu-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const node = (over: Partial<MenuNode>): MenuNode => ({
  id: 1,
  parentId: null,
  type: 1,
  client: 1,
  addon: 'ml.svc.user',
  name: '组织管理',
  locale: '',
  icon: 'TeamOutlined',
  path: '/org',
  alias: '',
  component: '',
  redirect: '',
  permissions: '',
  highlight: '',
  isRoot: false,
  popup: false,
  simplified: false,
  keepAlive: false,
  hidden: false,
  external: false,
  affix: false,
  sort: 10,
  status: 1,
  remark: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  children: [],
  ...over,
});

beforeAll(() => registerPermissionMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (c) => {
      if (c === menuListCall)
        return { list: [node({ children: [node({ id: 2, parentId: 1, type: 2, name: '用户管理', path: '/org/user', icon: 'icon-user-outlined' })] })] };
      return { list: [] };
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <MenuPage />
    </App>,
  );

describe('MenuPage', () => {
  it('shows the catalogue as a tree with icon font glyphs, and edit buttons for the super admin', async () => {
    useSession.setState({ currentUser: testUser({}), status: 'ready' });
    renderPage();
    const row = (await screen.findByText('组织管理')).closest('tr')!;
    expect(row.querySelector('i.iconfont.icon-team-outlined')).not.toBeNull();
    expect(within(row).getByRole('button', { name: /编辑 组织管理/ })).toBeInTheDocument();
    expect(mockCall.mock.calls[0]?.[0]).toBe(menuListCall);
  });

  it('shows no change buttons to a tenant user who may only read', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [menuListCall.path, menuEditCall.path] }), status: 'ready' });
    renderPage();
    await screen.findByText('组织管理');
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).toBeNull();
    expect(screen.getByText('菜单是平台目录，只有平台超级管理员可以修改')).toBeInTheDocument();
  });

  // Issue 26: a menu address is a console route or an http(s) address; the form says so by the contract's rule.
  it('refuses a javascript: path, redirect or highlight under the field, in Chinese, and sends nothing', async () => {
    useSession.setState({ currentUser: testUser({}), status: 'ready' });
    renderPage();
    fireEvent.click(within((await screen.findByText('用户管理')).closest('tr')!).getByRole('button', { name: /编辑 用户管理/ }));
    const drawer = await screen.findByRole('dialog');
    const rule = '必须是以 / 开头的控制台路由（如 /org/user）或 http(s) 地址（如 https://example.com/help）';
    for (const [field, value] of [
      ['路由地址', 'javascript:alert(document.cookie)'],
      ['默认跳转', '//evil.example/login'],
      ['高亮路由', 'data:text/html,x'],
    ] as const) {
      fireEvent.change(within(drawer).getByLabelText(field), { target: { value } });
    }
    fireEvent.click(within(drawer).getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(within(drawer).getAllByText(rule)).toHaveLength(3));
    expect(mockCall.mock.calls.filter(([c]) => c === menuEditCall)).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('路由地址'), { target: { value: 'https://docs.example.com/help' } });
    fireEvent.change(within(drawer).getByLabelText('默认跳转'), { target: { value: '/org/user' } });
    fireEvent.change(within(drawer).getByLabelText('高亮路由'), { target: { value: '' } });
    await waitFor(() => expect(within(drawer).queryByText(rule)).toBeNull());
  });
});
