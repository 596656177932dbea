import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { oidcExchangeCall, oidcLoginCall, oidcProvidersCall, type CallContract, type LoginResult, type OidcProvider } from '@uc/contracts';
import { call, setLocale } from '@uc/client';
import { Refusal, servedBy } from '@uc/testing';
import { OidcLoginButtons } from './oidc-login-buttons';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const SESSION: LoginResult = { id: 7, username: 'sso.user', token: 'session-token', expires: '2026-12-01T00:00:00.000Z' };
const UNBOUND = '该 Corp SSO 账号尚未绑定本系统的任何用户：请先用用户名和密码登录，再到“个人设置 - 第三方绑定”中绑定';

let providers: OidcProvider[];
let exchangeRefusal: string | null;
const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o as { body?: unknown }).body);

beforeEach(() => {
  setLocale('zh-CN');
  providers = [{ id: 'corp', name: 'Corp SSO' }];
  exchangeRefusal = null;
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract) => {
      if (contract === oidcProvidersCall) return providers;
      if (contract === oidcLoginCall) return { url: 'https://sso.example.com/auth?client_id=uc' };
      if (contract === oidcExchangeCall) {
        if (exchangeRefusal) throw new Refusal(exchangeRefusal, 403);
        return SESSION;
      }
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}

function renderAt(entry: string) {
  const onSignedIn = jest.fn().mockResolvedValue(undefined);
  const go = jest.fn();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/user/login"
          element={
            <>
              <OidcLoginButtons onSignedIn={onSignedIn} go={go} />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { onSignedIn, go };
}

describe('OidcLoginButtons', () => {
  it('shows a button per configured provider that sends the browser to it, keeping where to go after', async () => {
    providers = [
      { id: 'corp', name: 'Corp SSO' },
      { id: 'gh', name: 'GitHub' },
    ];
    const { go } = renderAt('/user/login?redirect=%2Forg%2Fuser');
    expect(await screen.findByRole('button', { name: '使用 Corp SSO 登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用 GitHub 登录' })).toBeInTheDocument();
    expect(screen.getByText('其他登录方式')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '使用 Corp SSO 登录' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://sso.example.com/auth?client_id=uc'));
    expect(sent(oidcLoginCall)).toEqual([{ provider: 'corp', redirect: '/org/user' }]);
  });

  it('shows nothing when no provider is configured', async () => {
    providers = [];
    renderAt('/user/login');
    await waitFor(() => expect(sent(oidcProvidersCall)).toHaveLength(1));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('其他登录方式')).not.toBeInTheDocument();
  });

  it('exchanges the one-time code the provider sent back for the session', async () => {
    const { onSignedIn } = renderAt('/user/login?oidc=one-time-code&redirect=%2Forg%2Fuser');
    expect(screen.getByRole('status')).toHaveTextContent('正在通过第三方平台登录…');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SESSION));
    expect(sent(oidcExchangeCall)).toEqual([{ code: 'one-time-code' }]);
  });

  it("says why the provider's account cannot sign in, and drops the spent code from the address", async () => {
    exchangeRefusal = UNBOUND;
    const { onSignedIn } = renderAt('/user/login?oidc=spent-code&redirect=%2Forg%2Fuser');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNBOUND);
    // The router moves to the new address in a transition, which may render just after the message.
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('?redirect=%2Forg%2Fuser'));
    expect(onSignedIn).not.toHaveBeenCalled();
    // The buttons are back for another try.
    expect(await screen.findByRole('button', { name: '使用 Corp SSO 登录' })).toBeEnabled();
  });

  it('says why the provider sent the browser back without a code, in the reader language', async () => {
    renderAt('/user/login?oidcError=denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('您在第三方平台取消了登录：如需登录，请再次点击第三方登录按钮');
    act(() => setLocale('en-US'));
    expect(screen.getByRole('alert')).toHaveTextContent('You cancelled the sign-in at the provider: click its button again to sign in');
  });

  it('ignores a reason it does not know', async () => {
    renderAt('/user/login?oidcError=<script>');
    await screen.findByRole('button', { name: '使用 Corp SSO 登录' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
