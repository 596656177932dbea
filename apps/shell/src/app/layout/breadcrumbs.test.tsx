import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { registerRemoteTitles, setLocale, useSession } from '@uc/client';
import { testMenuItem } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { Breadcrumbs } from './breadcrumbs';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const tenantRemote = {
  name: 'tenant',
  version: '1.0.0',
  entry: '/user/web/remotes/tenant/1.0.0/mf-manifest.json',
  routes: ['/tenant'],
  title: { 'zh-CN': '租户管理', 'en-US': 'Tenants' },
  icon: '',
  pages: [
    {
      path: '/tenant/details/:id',
      title: { 'zh-CN': '租户详情', 'en-US': 'Tenant details' },
      icon: '',
      hidden: true,
      accessAs: '/tenant/manage',
      everyone: false,
    },
  ],
  refused: [],
} as unknown as RemoteEntry;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleConfigProvider>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Breadcrumbs />
                <Where />
              </>
            }
          />
        </Routes>
      </ConsoleConfigProvider>
    </MemoryRouter>,
  );
}

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

describe('Breadcrumbs', () => {
  it('names the page and the entries above it in the reader’s language; the entries above are links', () => {
    renderAt('/org/user');
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(nav).toHaveTextContent('组织管理/用户管理');
    expect(within(nav).getByText('用户管理')).toHaveAttribute('aria-current', 'page');
    act(() => setLocale('en-US'));
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Organisation/Users');
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Organisation' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/org');
  });

  it('puts a detail page below the page it is opened from, with the title its remote declares', () => {
    renderAt('/tenant/details/3');
    expect(screen.getByRole('navigation', { name: '面包屑导航' })).toHaveTextContent('租户管理/租户列表/租户详情');
    expect(screen.getByRole('link', { name: '租户列表' })).toHaveAttribute('href', '/tenant/manage');
  });

  it('shows nothing where the menu leads nowhere', () => {
    renderAt('/error/404');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
