import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { registerRemoteTitles, setLocale, useSession } from '@uc/client';
import { testMenuItem } from '@uc/testing';
import { registerShellMessages } from '../../locales';
import { PageHeading } from './page-heading';

const tenantRemote = {
  name: 'tenant',
  version: '1.0.0',
  entry: '/user/web/remotes/tenant/1.0.0/mf-manifest.json',
  routes: ['/tenant'],
  title: { 'zh-CN': '租户管理', 'en-US': 'Tenants' },
  icon: '',
  pages: [{ path: '/tenant/details/:id', title: { 'zh-CN': '租户详情', 'en-US': 'Tenant details' }, icon: '', hidden: true, accessAs: '/tenant/manage' }],
  refused: [],
} as unknown as RemoteEntry;

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageHeading />
    </MemoryRouter>,
  );

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  registerRemoteTitles([tenantRemote]);
  useSession.setState({
    remotes: [tenantRemote],
    adminMenu: [
      testMenuItem('/org', [testMenuItem('/org/user', [], { id: 11, locale: 'menu.org.user' })], { id: 10, locale: 'menu.org' }),
      testMenuItem('/tenant', [testMenuItem('/tenant/manage', [], { id: 21, locale: 'menu.tenant.manage' })], { id: 20, locale: 'menu.tenant' }),
    ],
  });
});

describe('PageHeading', () => {
  it('is the one level-one heading of a page: its menu entry, in the reader’s language', () => {
    renderAt('/org/user');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('用户管理');
    act(() => setLocale('en-US'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Users');
  });

  it('names a detail page by the title its remote declares', () => {
    renderAt('/tenant/details/3');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('租户详情');
  });

  it('names an exception page by its message', () => {
    renderAt('/error/404');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('抱歉，你访问的页面不存在。');
  });
});
