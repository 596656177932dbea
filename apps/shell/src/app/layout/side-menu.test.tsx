import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type AdminMenuItem } from '@uc/contracts';
import { setLocale, useSession } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { SideMenu } from './side-menu';

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

beforeAll(() => registerShellMessages());

describe('SideMenu', () => {
  it('is built from the admin menu: locale keys translated, hidden entries left out, http addresses in a new window', () => {
    setLocale('en-US');
    useSession.setState({
      adminMenu: [
        // The seeded name: the reader's text of its key shows.
        item({ id: 1, name: '仪表盘', locale: 'menu.dashboard', path: '/dashboard' }),
        // A name an administrator typed: shown as typed, in every language.
        item({ id: 4, name: '我的组织', locale: 'menu.org', path: '/org' }),
        item({ id: 2, name: 'Docs', path: 'https://docs.example.com' }),
        item({ id: 3, name: 'Secret', path: '/secret', hidden: true }),
      ],
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <>
                <SideMenu />
                <p>dashboard page</p>
              </>
            }
          />
          <Route path="*" element={<SideMenu />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    expect(screen.getByText('我的组织')).toBeInTheDocument();
    expect(screen.queryByText('Organisation')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Docs'));
    expect(open).toHaveBeenCalledWith('https://docs.example.com', '_blank', 'noopener');
    fireEvent.click(screen.getByText('Dashboard'));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    open.mockRestore();
  });

  it('gives iconfont icons the class antd spaces its own icons with, so they do not touch their labels', () => {
    setLocale('en-US');
    useSession.setState({
      adminMenu: [
        item({ id: 1, name: 'Fonts', path: '/fonts', icon: 'icon-home-outlined' }),
        item({ id: 2, name: 'Antd', path: '/antd', icon: 'HomeOutlined' }),
      ],
    });
    render(
      <MemoryRouter initialEntries={['/fonts']}>
        <SideMenu />
      </MemoryRouter>,
    );
    const glyph = document.querySelector('i.iconfont.icon-home-outlined')!;
    expect(glyph).toHaveClass('ant-menu-item-icon');
    // antd's rule is `.ant-menu-item-icon + span { margin-inline-start }`: the label must be the next sibling.
    expect(glyph.nextElementSibling).toHaveTextContent('Fonts');
    expect(glyph.nextElementSibling?.tagName).toBe('SPAN');
    // The glyph needs the font's stylesheet: the menu loads it (once), whatever page comes first.
    expect(document.querySelectorAll('link[data-uc-iconfont]')).toHaveLength(1);
    expect(document.querySelector('link[data-uc-iconfont]')).toHaveAttribute('href', '/user/web/iconfont/iconfont.css');
    const antdIcon = screen.getByText('Antd').closest('li')!.querySelector('.anticon')!;
    expect(antdIcon).toHaveClass('ant-menu-item-icon');
  });
});
