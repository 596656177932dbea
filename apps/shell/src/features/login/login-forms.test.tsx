import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type LoginConfig } from '@uc/contracts';
import { ApiError, refreshUser, setLocale } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { LoginScreen, loginFeatures } from './login-page';
import type { LoginApi } from './login-api';
import { PhoneLoginForm } from './phone-login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { check, rules } from './validation';

let mockConfig: LoginConfig | null = null;
jest.mock('./use-login-config', () => ({ useLoginConfig: () => mockConfig }));
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), refreshUser: jest.fn().mockResolvedValue(null) }));

beforeAll(() => registerShellMessages());
beforeEach(() => setLocale('zh-CN'));
afterEach(() => jest.useRealTimers());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('field rules (spec section 5)', () => {
  it('checks the mobile number and the SMS code', () => {
    expect(check('', rules.mobile)).toBe('login.mobile.required');
    expect(check('12345', rules.mobile)).toBe('login.mobile.invalid');
    expect(check('13800138000', rules.mobile)).toBeUndefined();
    expect(check('12a4', rules.smsCode)).toBe('login.smsCode.invalid');
    expect(check('123456', rules.smsCode)).toBeUndefined();
    expect(check('1234', rules.smsCode)).toBe('login.smsCode.invalid');
    expect(check('1234567', rules.newPassword)).toBe('register.password.length');
    expect(check('ab', rules.newUsername)).toBe('register.username.length');
    expect(check('a b c', rules.newUsername)).toBe('register.username.pattern');
  });
});

describe('PhoneLoginForm', () => {
  it('shows the spec messages in both languages and sends nothing while invalid', async () => {
    const onSubmit = jest.fn();
    const onSendCode = jest.fn();
    const { unmount } = render(<PhoneLoginForm onSubmit={onSubmit} onSendCode={onSendCode} />);
    fireEvent.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入手机号！')).toBeInTheDocument();
    type('手机号', '123');
    expect(screen.getByText('手机号格式错误！')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入验证码！')).toBeInTheDocument();
    expect(onSendCode).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    unmount();

    act(() => setLocale('en-US'));
    render(<PhoneLoginForm onSubmit={onSubmit} onSendCode={onSendCode} />);
    type('Phone number', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code!')).toBeInTheDocument();
  });

  it('sends a code, counts 60 s down before the next one, then signs in', async () => {
    jest.useFakeTimers();
    const onSendCode = jest.fn().mockResolvedValue(undefined);
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<PhoneLoginForm onSubmit={onSubmit} onSendCode={onSendCode} />);
    type('手机号', ' 13800138000 ');
    await act(async () => fireEvent.click(screen.getByTestId('sms-send')));
    expect(onSendCode).toHaveBeenCalledWith('13800138000');
    expect(screen.getByTestId('sms-send')).toHaveTextContent('60 秒后重新获取');
    expect(screen.getByTestId('sms-send')).toBeDisabled();
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('sms-send')).toHaveTextContent('59 秒后重新获取');
    for (let i = 0; i < 59; i++) act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('sms-send')).toHaveTextContent('获取验证码');
    expect(screen.getByTestId('sms-send')).toBeEnabled();

    type('短信验证码', '246810');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登录' })));
    expect(onSubmit).toHaveBeenCalledWith({ mobile: '13800138000', code: '246810' });
  });

  it('waits as long as the server says', async () => {
    jest.useFakeTimers();
    render(<PhoneLoginForm onSubmit={jest.fn()} onSendCode={jest.fn().mockResolvedValue(90)} />);
    type('手机号', '13800138000');
    await act(async () => fireEvent.click(screen.getByTestId('sms-send')));
    expect(screen.getByTestId('sms-send')).toHaveTextContent('90 秒后重新获取');
  });

  it('lets the user ask again at once when sending failed', async () => {
    const onSendCode = jest.fn().mockRejectedValue(new Error('Failed to obtain verification code, please try again!'));
    render(<PhoneLoginForm onSubmit={jest.fn()} onSendCode={onSendCode} />);
    type('手机号', '13800138000');
    await act(async () => fireEvent.click(screen.getByTestId('sms-send')));
    expect(screen.getByTestId('sms-send')).toHaveTextContent('获取验证码');
    expect(screen.getByTestId('sms-send')).toBeEnabled();
  });
});

describe('RegisterForm', () => {
  const fill = () => {
    type('用户名', 'newbie');
    type('密码（至少 8 位）', 'secret-123');
    type('手机号', '13900139000');
    type('短信验证码', '123456');
  };

  it('treats the invitation code as optional', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<RegisterForm forceInvite={false} onSubmit={onSubmit} onSendCode={jest.fn()} />);
    fill();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'newbie', password: 'secret-123', mobile: '13900139000', code: '123456', inviteCode: '' });
  });

  it('starts with the code of an invitation link, still editable', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<RegisterForm forceInvite inviteCode="SPRING-2026" onSubmit={onSubmit} onSendCode={jest.fn()} />);
    expect(screen.getByPlaceholderText('邀请码')).toHaveValue('SPRING-2026');
    fill();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ inviteCode: 'SPRING-2026' }));
  });

  it('requires it when the login config forces invitations', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<RegisterForm forceInvite onSubmit={onSubmit} onSendCode={jest.fn()} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入邀请码！')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    type('邀请码', 'INV-42');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ inviteCode: 'INV-42' }));
  });

  it("shows the server's refusal about a field under it, not in the toast too, until the field is edited", async () => {
    const refusal = new ApiError('该邀请码无效或已被使用', 'business', 500, 400, { fields: [{ field: 'inviteCode', message: '该邀请码无效或已被使用' }] });
    render(<RegisterForm forceInvite={false} onSubmit={jest.fn().mockRejectedValue(refusal)} onSendCode={jest.fn()} />);
    fill();
    type('邀请码（选填）', 'USED-1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(screen.getByText('该邀请码无效或已被使用')).toBeInTheDocument();
    // The API client's toast leaves out what a field shows.
    expect(refusal.unshownSentences()).toEqual([]);
    type('邀请码（选填）', 'FRESH-2');
    expect(screen.queryByText('该邀请码无效或已被使用')).toBeNull();
  });

  it('leaves a refusal about no field of the form to the toast', async () => {
    const refusal = new ApiError('注册太频繁', 'business', 500, 429, { fields: [{ field: 'tenant', message: '注册太频繁' }] });
    render(<RegisterForm forceInvite={false} onSubmit={jest.fn().mockRejectedValue(refusal)} onSendCode={jest.fn()} />);
    fill();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(screen.queryByText('注册太频繁')).toBeNull();
    expect(refusal.unshownSentences()).toEqual(['注册太频繁']);
  });

  it('checks password length and the required fields', async () => {
    render(<RegisterForm forceInvite={false} onSubmit={jest.fn()} onSendCode={jest.fn()} />);
    type('密码（至少 8 位）', '1234567');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入用户名!')).toBeInTheDocument();
    expect(screen.getByText('密码长度为 8 到 64 个字符')).toBeInTheDocument();
    expect(screen.getByText('请输入手机号！')).toBeInTheDocument();
  });
});

describe('ResetPasswordForm', () => {
  it('asks for mobile, code and a new password', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<ResetPasswordForm onSubmit={onSubmit} onSendCode={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('请输入手机号！')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码！')).toBeInTheDocument();
    expect(screen.getByText('请输入密码!')).toBeInTheDocument();
    type('手机号', '13700137000');
    type('短信验证码', '888888');
    type('新密码（至少 8 位）', 'brand-new-pw');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    expect(onSubmit).toHaveBeenCalledWith({ mobile: '13700137000', code: '888888', password: 'brand-new-pw' });
  });
});

describe('login screen per loginConfig', () => {
  const config = (over: Partial<LoginConfig> = {}): LoginConfig => ({
    registerSwitch: true,
    captchaSwitch: false,
    forceInvite: false,
    smsLogin: true,
    demoMode: false,
    ...over,
  });
  const full: LoginApi = {
    accountLogin: jest.fn(),
    sendSmsCode: jest.fn(),
    mobileLogin: jest.fn(),
    register: jest.fn(),
    resetPassword: jest.fn(),
    demoLogin: jest.fn(),
  };

  it('shows and hides the phone tab, registration and the demo button', () => {
    expect(loginFeatures(config(), full)).toMatchObject({ phoneTab: true, register: true, forgot: true, demo: false });
    expect(loginFeatures(config({ smsLogin: false, registerSwitch: false, demoMode: true }), full)).toMatchObject({
      phoneTab: false,
      register: false,
      demo: true,
    });
    // A call the server does not offer hides what needs it, whatever the config says.
    expect(loginFeatures(config({ demoMode: true }), { accountLogin: jest.fn() })).toMatchObject({
      phoneTab: false,
      register: false,
      forgot: false,
      demo: false,
    });
    expect(loginFeatures(null, full)).toMatchObject({ phoneTab: false, register: false, demo: false });
  });

  it('signs in with the demo button and goes to the redirect address', async () => {
    mockConfig = config({ demoMode: true });
    const api: LoginApi = { ...full, demoLogin: jest.fn().mockResolvedValue({ id: 9, username: 'demo', token: 'demo-token', expires: '' }) };
    render(
      <MemoryRouter initialEntries={['/user/login?redirect=%2Fuser%2Fweb%2Forg%2Fuser']}>
        <Routes>
          <Route path="/user/login" element={<LoginScreen api={api} />} />
          <Route path="/org/user" element={<p>org users</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('demo-login'));
    expect(await screen.findByText('org users')).toBeInTheDocument();
    expect(localStorage.getItem('ACCESS-TOKEN')).toBe('demo-token');
    expect(refreshUser).toHaveBeenCalled();
  });

  it('opens registration on /user/reg and shows the result view', async () => {
    mockConfig = config();
    const api: LoginApi = { ...full, register: jest.fn().mockResolvedValue({ username: 'newbie' }) };
    render(
      <MemoryRouter initialEntries={['/user/reg']}>
        <LoginScreen api={api} />
      </MemoryRouter>,
    );
    type('用户名', 'newbie');
    type('密码（至少 8 位）', 'secret-123');
    type('手机号', '13900139000');
    type('短信验证码', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(await screen.findByTestId('register-result')).toHaveTextContent('你的账户 newbie 已注册成功。');
  });

  it('says registration is closed when the config turns it off', async () => {
    mockConfig = config({ registerSwitch: false });
    render(
      <MemoryRouter initialEntries={['/user/reg']}>
        <LoginScreen api={full} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('暂未开放注册，请联系管理员开通账户。')).toBeInTheDocument();
  });
});
