import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { refreshUser, resetSessionForTests, setAccessToken, useSession } from '@uc/client';
import { testUser } from '@uc/testing';
import { registerShellMessages } from '../../locales';
import { RequireUser } from './require-user';
import { noteSessionStart, resetUserLookupForTests } from './user-lookup';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), refreshUser: jest.fn() }));
const mockRefresh = refreshUser as jest.MockedFunction<typeof refreshUser>;

const user = testUser({ realName: 'Admin' });

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

const visit = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/user/login" element={<Where />} />
        <Route element={<RequireUser />}>
          <Route path="*" element={<p>inside the console</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

beforeAll(() => registerShellMessages());
beforeEach(() => {
  resetSessionForTests();
  resetUserLookupForTests();
  mockRefresh.mockReset();
  setAccessToken(null);
  // As the start sequence leaves it on a login page: ready, and nobody asked for.
  useSession.setState({ status: 'ready', currentUser: null });
});

describe('RequireUser', () => {
  it('looks the stored token up when the visit began on a login page (/user/jump), and lets its user in', async () => {
    setAccessToken('token-of-admin');
    noteSessionStart('/user/web/user/jump');
    mockRefresh.mockImplementation(async () => {
      useSession.setState({ currentUser: user, status: 'ready' });
      return user;
    });
    visit('/org/dept');
    expect(await screen.findByText('inside the console')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('sends the reader to login when the looked-up token belongs to nobody', async () => {
    setAccessToken('expired-token');
    noteSessionStart('/user/web/user/jump');
    mockRefresh.mockResolvedValue(null);
    visit('/org/dept');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/user\/login\?redirect=/);
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('asks no second time for a token the start sequence already looked up', async () => {
    setAccessToken('expired-token');
    noteSessionStart('/user/web/org/dept');
    visit('/org/dept');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/user\/login\?redirect=/);
    await waitFor(() => expect(mockRefresh).not.toHaveBeenCalled());
  });

  it('sends a visitor without a token straight to login', async () => {
    noteSessionStart('/user/web/user/jump');
    visit('/org/dept');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/user\/login\?redirect=/);
    expect(mockRefresh).not.toHaveBeenCalled();
  });
});
