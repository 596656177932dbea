import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  BindStatus,
  platformBindCall,
  platformBindCaptchaCall,
  platformBindCheckCall,
  platformBindViewCall,
  platformUnbindCall,
  type CallContract,
  type PlatformBinding,
  type PlatformBindInput,
} from '@uc/contracts';
import { call, createApiClient, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerTenantMessages } from '../../locales';
import { BindPage } from './bind-page';

// The API client's `call` (which useCall uses too) is the mock: it runs the real client against a fake server.
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const LOCAL = { userId: 5, username: 'bind.clerk', realName: '绑定专员' };
const binding = (over: Partial<PlatformBinding> = {}): PlatformBinding => ({
  platformUrl: 'https://far.example.com',
  clientId: 'uc-east',
  username: 'far.user',
  platformUserId: 9,
  platformUsername: 'far.user',
  platformRealName: '远方用户',
  status: BindStatus.bound,
  lastCheckedAt: '2026-03-04T05:06:00.000Z',
  lastError: '',
  createdAt: '2026-03-04T05:06:00.000Z',
  updatedAt: '2026-03-04T05:06:00.000Z',
  ...over,
});

const CAPTCHA_ASKED = '平台要求此次登录输入验证码：请填写图片中的验证码后重新绑定';
const EXPIRED = '平台已不再接受保存的会话（已过期或在平台上被结束）：请输入密码重新绑定';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What the fake server holds: the caller's binding, and what the platform will say next. */
let stored: PlatformBinding | null;
let askCaptcha: boolean;
let nextCheck: PlatformBinding;

const sent = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o as { body?: unknown; query?: unknown } | undefined) ?? {});

/** A refusal with data, as the server sends it (servedBy's refusals carry none). */
const captchaChallenge = (contract: CallContract, options: unknown) =>
  createApiClient({
    prefixUrl: 'http://uc.test',
    getToken: () => 'test-token',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      // Read like a server would: ky waits for the body it sent to be taken.
      await new Request(input, init).text();
      return new Response(JSON.stringify({ code: -1, message: CAPTCHA_ASKED, data: { captchaRequired: true } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    },
  }).call(contract, options as never);

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({}) });
  stored = null;
  askCaptcha = false;
  nextCheck = binding();
  mockCall.mockReset();
  const served = servedBy((contract, options) => {
    if (contract === platformBindViewCall) return { local: LOCAL, binding: stored };
    if (contract === platformBindCall) {
      const body = options?.body as PlatformBindInput;
      if (body.password !== 'far-password-1') throw new Refusal('平台拒绝了登录：用户名或密码错误', 400);
      stored = binding({ platformUrl: body.platformUrl.replace(/\/user\/web.*$/, ''), clientId: body.clientId ?? '', username: body.username });
      return { local: LOCAL, binding: stored };
    }
    if (contract === platformBindCaptchaCall) return { cid: 'cid-1', base64: PNG };
    if (contract === platformBindCheckCall) {
      stored = nextCheck;
      return { local: LOCAL, binding: stored };
    }
    if (contract === platformUnbindCall) {
      stored = null;
      return null;
    }
    throw new Error(`unexpected call ${contract.path}`);
  }) as unknown as (contract: CallContract, options: unknown) => Promise<unknown>;
  mockCall.mockImplementation(((contract: CallContract, options: unknown) => {
    if (contract === platformBindCall && askCaptcha && !(options as { body: PlatformBindInput }).body.cid) return captchaChallenge(contract, options);
    return served(contract, options);
  }) as never);
});

const renderPage = () =>
  render(
    <App>
      <AntdApiUi />
      <BindPage />
    </App>,
  );
/** The value shown beside a label of the descriptions. */
const shown = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr')!.querySelector('td')!;
const openForm = async (name: RegExp) => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};
const fill = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const submit = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: /绑\s*定/ }));

describe('BindPage', () => {
  it('shows an unbound account with its local names and offers only to bind', async () => {
    renderPage();
    expect(await screen.findByText('未绑定')).toBeInTheDocument();
    expect(shown('本地用户名 / 姓名')).toHaveTextContent('bind.clerk / 绑定专员');
    expect(shown('平台地址')).toHaveTextContent('-');
    expect(screen.getByRole('button', { name: /绑定平台/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /立即校验/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /解除绑定/ })).toBeNull();
  });

  it('binds with the address, client id, user name and password, then shows the platform account beside the local one', async () => {
    renderPage();
    await screen.findByText('未绑定');
    const form = await openForm(/绑定平台/);
    fill(form, '平台地址', 'https://far.example.com/user/web/');
    fill(form, '客户端 ID', 'uc-east');
    fill(form, '用户名', 'far.user');
    fill(form, '密码', 'far-password-1');
    expect((within(form).getByLabelText('密码') as HTMLInputElement).autocomplete).toBe('new-password');
    submit(form);
    expect(await screen.findByText('已绑定')).toBeInTheDocument();
    expect(sent(platformBindCall)).toEqual([
      { body: { platformUrl: 'https://far.example.com/user/web/', clientId: 'uc-east', username: 'far.user', password: 'far-password-1' }, done: 'done' },
    ]);
    expect(screen.getByText('操作成功')).toBeInTheDocument();
    expect(shown('平台用户名 / 姓名')).toHaveTextContent('far.user / 远方用户');
    expect(shown('本地用户名 / 姓名')).toHaveTextContent('bind.clerk / 绑定专员');
    expect(shown('平台地址')).toHaveTextContent('https://far.example.com');
    expect(shown('客户端 ID')).toHaveTextContent('uc-east');
    expect(shown('最近错误')).toHaveTextContent('无');
    expect(screen.getByRole('button', { name: /重新绑定/ })).toBeInTheDocument();
  });

  it("keeps the form open with the platform's refusal, and checks the address before sending", async () => {
    renderPage();
    await screen.findByText('未绑定');
    const form = await openForm(/绑定平台/);
    fill(form, '平台地址', 'far.example.com');
    fill(form, '用户名', 'far.user');
    fill(form, '密码', 'wrong-password');
    submit(form);
    expect(await within(form).findByText('平台地址必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(sent(platformBindCall)).toEqual([]);
    fill(form, '平台地址', 'https://far.example.com');
    submit(form);
    expect(await screen.findByText('平台拒绝了登录：用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getByText('未绑定')).toBeInTheDocument();
  });

  it("shows the platform's captcha when it asks for one and sends its code with the next attempt", async () => {
    askCaptcha = true;
    renderPage();
    await screen.findByText('未绑定');
    const form = await openForm(/绑定平台/);
    fill(form, '平台地址', 'https://far.example.com');
    fill(form, '用户名', 'far.user');
    fill(form, '密码', 'far-password-1');
    submit(form);
    expect(await screen.findByText(CAPTCHA_ASKED)).toBeInTheDocument();
    const image = await within(form).findByRole('img', { name: '平台验证码图片（点击换一张）' });
    expect(image).toHaveAttribute('src', PNG);
    expect(sent(platformBindCaptchaCall)).toEqual([{ query: { platformUrl: 'https://far.example.com' } }]);
    fill(form, '平台验证码', 'k7m2');
    submit(form);
    expect(await screen.findByText('已绑定')).toBeInTheDocument();
    expect(sent(platformBindCall).at(-1)).toEqual({
      body: { platformUrl: 'https://far.example.com', clientId: '', username: 'far.user', password: 'far-password-1', cid: 'cid-1', code: 'k7m2' },
      done: 'done',
    });
  });

  it('checks now: says the binding works, or shows why not with the status the check found', async () => {
    stored = binding();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /立即校验/ }));
    expect(await screen.findByText('绑定有效')).toBeInTheDocument();
    nextCheck = binding({ status: BindStatus.expired, lastError: EXPIRED, lastCheckedAt: '2026-03-05T05:06:00.000Z' });
    fireEvent.click(screen.getByRole('button', { name: /立即校验/ }));
    expect(await screen.findByText('已过期')).toBeInTheDocument();
    // Once as the warning toast, once beside 最近错误.
    await waitFor(() => expect(screen.getAllByText(EXPIRED)).toHaveLength(2));
    expect(shown('最近错误')).toHaveTextContent(EXPIRED);
    expect(sent(platformBindCheckCall)).toHaveLength(2);
  });

  it('shows a failed check in red and unbinds after a confirmation', async () => {
    stored = binding({ status: BindStatus.failed, lastError: '无法连接 https://far.example.com 的平台（ECONNREFUSED）：请检查平台地址，并确认该平台正在运行' });
    renderPage();
    expect(await screen.findByText('校验失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /解除绑定/ }));
    expect(await screen.findByText('确定解除与 https://far.example.com 的绑定吗？保存的平台会话将被删除。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未绑定')).toBeInTheDocument();
    expect(sent(platformUnbindCall)).toEqual([{ done: 'done' }]);
  });

  it('shows no buttons the user may not press', async () => {
    stored = binding();
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [platformBindViewCall.path] }) });
    renderPage();
    expect(await screen.findByText('已绑定')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新绑定/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /立即校验/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /解除绑定/ })).toBeNull();
  });
});
