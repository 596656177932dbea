import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setLocale, useSession } from '@uc/client';
import { testMenuItem } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { isSearchShortcut, MenuSearch } from './menu-search';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSearch(disabled = false) {
  return render(
    <MemoryRouter initialEntries={['/dashboard/workplace']}>
      <ConsoleConfigProvider>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <MenuSearch disabled={disabled} />
                <Where />
              </>
            }
          />
        </Routes>
      </ConsoleConfigProvider>
    </MemoryRouter>,
  );
}

const ctrlK = () => act(() => void fireEvent.keyDown(window, { key: 'k', ctrlKey: true }));
const input = () => screen.getByTestId('menu-search-input');
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({
    adminMenu: [
      testMenuItem('/dashboard', [testMenuItem('/dashboard/workplace', [], { locale: 'menu.dashboard.workplace' })], { locale: 'menu.dashboard' }),
      testMenuItem('/org', [testMenuItem('/org/user', [], { locale: 'menu.org.user' }), testMenuItem('/org/dept', [], { locale: 'menu.org.dept' })], {
        locale: 'menu.org',
      }),
      testMenuItem('/tenant', [testMenuItem('/tenant/user/list', [], { locale: 'menu.tenant.user.list' })], { locale: 'menu.tenant' }),
    ],
  });
});

describe('the menu search', () => {
  it('knows Ctrl+K and ⌘K, and nothing else', () => {
    const key = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSearchShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSearchShortcut({ ...key, metaKey: true, key: 'K' })).toBe(true);
    expect(isSearchShortcut(key)).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true, key: 'j' })).toBe(false);
  });

  it('opens with Ctrl+K over the pages of the menu, in the reader’s language, filters as one types and opens the chosen one with Enter', async () => {
    renderSearch();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    ctrlK();
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(options().map((o) => o.textContent)).toEqual(['工作台仪表盘', '用户管理组织管理', '部门管理组织管理', '租户用户租户管理']);
    fireEvent.change(input(), { target: { value: '用户' } });
    // Own text first: 用户管理, then 租户用户.
    expect(options().map((o) => o.textContent)).toEqual(['用户管理组织管理', '租户用户租户管理']);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/tenant/user/list');
  });

  it('opens from the header button too, says when nothing matches, and follows the language', async () => {
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: '搜索菜单（Ctrl K）' }));
    fireEvent.change(await screen.findByTestId('menu-search-input'), { target: { value: 'zzz' } });
    expect(screen.getByText('没有匹配的菜单')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    fireEvent.change(input(), { target: { value: 'dep' } });
    expect(options().map((o) => o.textContent)).toEqual(['DepartmentsOrganisation']);
    fireEvent.click(options()[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/org/dept');
  });

  it('does not open while the console is locked', () => {
    renderSearch(true);
    ctrlK();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
