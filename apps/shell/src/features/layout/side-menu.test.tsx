import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setLocale, useSession, type AdminMenuItem } from '@uc/shared';
import { registerShellMessages } from '../../locales';
import { SideMenu } from './side-menu';

const item = (over: Partial<AdminMenuItem>): AdminMenuItem => ({ id: 1, name: '', locale: '', path: '', icon: '', remark: '', redirect: '', hidden: false, children: [], ...over });

beforeAll(() => registerShellMessages());

describe('SideMenu', () => {
  it('is built from the admin menu: locale keys translated, hidden entries left out, http addresses in a new window', () => {
    setLocale('en-US');
    useSession.setState({
      adminMenu: [
        item({ id: 1, name: '工作台', locale: 'menu.dashboard', path: '/dashboard' }),
        item({ id: 2, name: 'Docs', path: 'https://docs.example.com' }),
        item({ id: 3, name: 'Secret', path: '/secret', hidden: true }),
      ],
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routes>
          <Route path="/dashboard" element={<><SideMenu /><p>dashboard page</p></>} />
          <Route path="*" element={<SideMenu />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Docs'));
    expect(open).toHaveBeenCalledWith('https://docs.example.com', '_blank', 'noopener');
    fireEvent.click(screen.getByText('Dashboard'));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    open.mockRestore();
  });
});
