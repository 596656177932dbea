import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setLocale, useSession } from '@uc/client';
import { testMenuItem } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { SideNav, SideNavToggle, useSideNavWidth } from './side-nav';
import { NARROW_QUERY, SIDER_COLLAPSED_KEY, useSideNav } from './side-nav-store';

function Width() {
  return <p data-testid="width">{useSideNavWidth()}</p>;
}
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A screen `narrow` or not, as matchMedia answers NARROW_QUERY. */
function screenIs(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query === NARROW_QUERY,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderNav() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ConsoleConfigProvider>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SideNavToggle />
                <SideNav />
                <Width />
                <Where />
              </>
            }
          />
        </Routes>
      </ConsoleConfigProvider>
    </MemoryRouter>,
  );
}

const original = window.matchMedia;
beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  localStorage.clear();
  useSideNav.setState({ collapsed: false, drawerOpen: false });
  useSession.setState({ adminMenu: [testMenuItem('/org', [testMenuItem('/org/user', [], { locale: 'menu.org.user' })], { locale: 'menu.org' })] });
});
afterEach(() => {
  window.matchMedia = original;
});

describe('the side menu', () => {
  it('folds to its icons on a wide screen and back, the choice kept for the next page load', () => {
    screenIs(false);
    renderNav();
    expect(screen.getByTestId('width')).toHaveTextContent('208');
    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(screen.getByTestId('width')).toHaveTextContent('64');
    expect(localStorage.getItem(SIDER_COLLAPSED_KEY)).toBe('true');
    expect(document.querySelector('aside')).toHaveClass('ant-layout-sider-collapsed');
    expect(screen.getByRole('button', { name: '展开菜单' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(screen.getByTestId('width')).toHaveTextContent('208');
    expect(localStorage.getItem(SIDER_COLLAPSED_KEY)).toBeNull();
  });

  it('is a drawer on a narrow screen: the page keeps the whole width, the button opens it, choosing a page closes it', async () => {
    screenIs(true);
    renderNav();
    expect(screen.getByTestId('width')).toHaveTextContent('0');
    expect(document.querySelector('aside')).toBeNull();
    const toggle = screen.getByRole('button', { name: '打开菜单' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(await screen.findByText('组织管理'));
    fireEvent.click(await screen.findByText('用户管理'));
    expect(screen.getByTestId('where')).toHaveTextContent('/org/user');
    expect(useSideNav.getState().drawerOpen).toBe(false);
    act(() => undefined);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
