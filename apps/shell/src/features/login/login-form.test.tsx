import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { call, setLocale } from '@uc/shared';
import { registerShellMessages } from '../../locales';
import { LoginForm } from './login-form';

jest.mock('@uc/shared', () => ({ ...jest.requireActual('@uc/shared'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginForm', () => {
  it('requires username and password before calling the server', async () => {
    const onSubmit = jest.fn();
    render(<LoginForm captchaSwitch={false} onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名!')).toBeInTheDocument();
    expect(screen.getByText('请输入密码!')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    type('用户名', 'admin');
    expect(screen.queryByText('请输入用户名!')).not.toBeInTheDocument();
  });

  it('uses the spec wording in English', async () => {
    setLocale('en-US');
    render(<LoginForm captchaSwitch={false} onSubmit={jest.fn()} onCaptchaError={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username!')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password!')).toBeInTheDocument();
  });

  it('submits the trimmed username and the password', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<LoginForm captchaSwitch={false} onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    type('用户名', ' admin ');
    type('密码', 'admin12345');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'admin12345' }));
  });

  it('asks for the captcha when the login config says so, and sends it with its id', async () => {
    mockCall.mockResolvedValue({ cid: 'c-1', base64: 'data:image/svg+xml;base64,PHN2Zy8+' });
    const onSubmit = jest.fn().mockRejectedValue(new Error('Verification Code Error.'));
    render(<LoginForm captchaSwitch onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    expect(await screen.findByAltText('图形验证码')).toBeInTheDocument();

    type('用户名', 'admin');
    type('密码', 'x');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入验证码!')).toBeInTheDocument();

    type('图形验证码', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'x', cid: 'c-1', code: 'ab12' }));
    // A refused attempt spends the captcha: a new one is fetched.
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(2));
  });
});
