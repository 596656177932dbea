import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { oidcBindCall, oidcBindingsCall, oidcUnbindCall, type CallContract, type OidcBinding } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { providerRedirect, ThirdPartyTab } from './third-party-tab';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const ALICE = { subject: 'alice-sub', email: 'alice@sso.test', name: 'Alice Liddell', createdAt: '2026-03-04T05:06:00.000Z' };
const ALREADY_BOUND = 'provider: 您的账号已绑定一个 Corp SSO 账号：如需绑定其他账号，请先解除绑定';

/** What the fake server holds: the user's bindings. */
let bindings: OidcBinding[];
let refuseBind: string | null;
const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o as { body?: unknown }).body);

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  bindings = [
    { provider: 'corp', providerName: 'Corp SSO', configured: true, identity: null },
    { provider: 'gh', providerName: 'GitHub', configured: true, identity: null },
  ];
  refuseBind = null;
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === oidcBindingsCall) return bindings;
      if (contract === oidcBindCall) {
        if (refuseBind) throw new Refusal(refuseBind, 409);
        return { url: `https://sso.example.com/auth?for=${(options?.body as { provider: string }).provider}` };
      }
      if (contract === oidcUnbindCall) {
        const { provider } = options?.body as { provider: string };
        bindings = bindings.filter((b) => b.configured || b.provider !== provider).map((b) => (b.provider === provider ? { ...b, identity: null } : b));
        return null;
      }
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});
afterEach(() => jest.restoreAllMocks());

function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}
const renderAt = (search = '?view=settings&tab=binding') =>
  render(
    <App>
      <AntdApiUi />
      <MemoryRouter initialEntries={[`/home/account${search}`]}>
        <ThirdPartyTab />
        <Address />
      </MemoryRouter>
    </App>,
  );
const row = async (provider: string) => within(await screen.findByTestId(`binding-${provider}`));

describe('ThirdPartyTab', () => {
  it('lists every provider with its state, and binding leaves for the provider', async () => {
    bindings[0] = { ...bindings[0]!, identity: ALICE };
    const go = jest.spyOn(providerRedirect, 'go').mockImplementation(() => undefined);
    renderAt();
    const corp = await row('corp');
    expect(corp.getByText('Corp SSO')).toBeInTheDocument();
    expect(corp.getByText('已绑定')).toBeInTheDocument();
    expect(corp.getByText(/账号：Alice Liddell <alice@sso\.test>/)).toBeInTheDocument();
    const gh = await row('gh');
    expect(gh.getByText('未绑定')).toBeInTheDocument();

    fireEvent.click(gh.getByRole('button', { name: '绑 定' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://sso.example.com/auth?for=gh'));
    expect(sent(oidcBindCall)).toEqual([{ provider: 'gh' }]);
  });

  it('unbinds after a confirmation, and shows the provider unbound', async () => {
    bindings[0] = { ...bindings[0]!, identity: ALICE };
    renderAt();
    fireEvent.click((await row('corp')).getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText('确定解除与 Corp SSO 的绑定吗？解除后将不能再用该账号登录。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^解\s*除$/ }));
    await waitFor(async () => expect((await row('corp')).getByText('未绑定')).toBeInTheDocument());
    expect(sent(oidcUnbindCall)).toEqual([{ provider: 'corp' }]);
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });

  it('shows a refusal to bind and keeps the buttons', async () => {
    refuseBind = ALREADY_BOUND;
    const go = jest.spyOn(providerRedirect, 'go').mockImplementation(() => undefined);
    renderAt();
    fireEvent.click((await row('corp')).getByRole('button', { name: '绑 定' }));
    expect(await screen.findByText(ALREADY_BOUND)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    await waitFor(async () => expect((await row('corp')).getByRole('button', { name: '绑 定' })).toBeEnabled());
  });

  it('says how the binding went when the provider sends the browser back, until closed, and takes it out of the address', async () => {
    renderAt('?view=settings&tab=binding&oidc=taken&provider=corp');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('该 Corp SSO 账号已绑定本系统的其他用户，未能绑定');
    // A reload (or the address a sign-out keeps) does not say it again.
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?view=settings&tab=binding$/);
    fireEvent.click(within(alert).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('offers to unbind a provider that was removed from the configuration', async () => {
    bindings = [{ provider: 'old', providerName: 'old', configured: false, identity: ALICE }];
    renderAt();
    const old = await row('old');
    expect(old.getByText('已移除')).toBeInTheDocument();
    expect(old.getByText('管理员已从配置中移除该平台，它不能再用于登录；可以解除绑定。')).toBeInTheDocument();
    expect(old.getByRole('button', { name: '解除绑定' })).toBeInTheDocument();
  });

  it('tells a platform administrator how to configure a provider when none is, in either language', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser() });
    bindings = [];
    renderAt();
    expect(await screen.findByText('尚未配置第三方登录')).toBeInTheDocument();
    const none = screen.getByTestId('third-party-none');
    expect(none).toHaveTextContent('在服务器的第三方登录设置 OIDC_PROVIDERS 中添加登录平台');
    expect(none).toHaveTextContent('http://localhost/user/admin/oidc/callback');
    // Words about the console, not a configuration dump.
    expect(none.textContent).not.toMatch(/README|clientSecret|\[\{/);
    expect(screen.queryByRole('button', { name: '绑 定' })).not.toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(screen.getByText('No third-party sign-in is configured')).toBeInTheDocument();
    expect(none).toHaveTextContent('register this console’s callback address http://localhost/user/admin/oidc/callback at the provider');
  });

  it('tells a tenant user only that there is none and whom to ask: no server settings, no callback address', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [] }) });
    bindings = [];
    renderAt();
    const none = await screen.findByTestId('third-party-none');
    expect(none).toHaveTextContent('平台还没有开通第三方账号登录；如需使用，请联系平台管理员。');
    expect(none.textContent).not.toMatch(/OIDC|callback|回调|README|服务器/);
    act(() => setLocale('en-US'));
    await waitFor(() => expect(none).toHaveTextContent('ask the platform administrator'));
    expect(none.textContent).not.toMatch(/OIDC_PROVIDERS|callback|README|server/);
  });
});
