import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, call, setLocale } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { answersInTurn } from '@uc/testing';
import { LoginForm } from './login-form';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
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
    mockCall.mockImplementation(answersInTurn({ cid: 'c-1', base64: 'data:image/svg+xml;base64,PHN2Zy8+' }));
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

  it('shows the captcha when the server asks for one, in either language, and sends it with the right password', async () => {
    mockCall.mockImplementation(
      answersInTurn({ cid: 'c-1', base64: 'data:image/png;base64,iVBORw0KGgo=' }, { cid: 'c-2', base64: 'data:image/png;base64,iVBORw0KGgp=' }),
    );
    const challenge = (message: string) => new ApiError(message, 'business', -1, 400, { captchaRequired: true });
    const onSubmit = jest
      .fn()
      .mockRejectedValueOnce(challenge('Too many failed sign-ins'))
      .mockRejectedValueOnce(challenge('Verification Code Error.'))
      .mockResolvedValueOnce(undefined);
    render(<LoginForm captchaSwitch={false} onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    expect(screen.queryByAltText('图形验证码')).not.toBeInTheDocument();
    type('用户名', 'admin');
    type('密码', 'right-password');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    // Refused for want of a captcha: the image, its refresh control and the code field appear.
    expect(await screen.findByAltText('图形验证码')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByRole('button', { name: '看不清？换一张' })).toBeInTheDocument();
    expect(screen.getByText('请输入图片中的验证码后再登录')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenLastCalledWith({ username: 'admin', password: 'right-password' });

    // A wrong code: said beside the field, and a fresh image.
    type('图形验证码', 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ username: 'admin', password: 'right-password', cid: 'c-1', code: 'zzzz' }));
    expect(await screen.findByText('验证码错误，请输入新图片中的验证码')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgp='));

    type('图形验证码', 'k3m9');
    expect(screen.queryByText('验证码错误，请输入新图片中的验证码')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ username: 'admin', password: 'right-password', cid: 'c-2', code: 'k3m9' }));
  });

  it('says why the captcha appeared in English too', async () => {
    setLocale('en-US');
    mockCall.mockImplementation(answersInTurn({ cid: 'c-1', base64: 'data:image/svg+xml;base64,PHN2Zy8+' }));
    const onSubmit = jest.fn().mockRejectedValue(new ApiError('x', 'business', -1, 400, { captchaRequired: true }));
    render(<LoginForm captchaSwitch={false} onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    type('Username', 'admin');
    type('Password', 'right-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByAltText('Captcha image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hard to read? Get another one' })).toBeInTheDocument();
    expect(screen.getByText('Enter the code shown in the image, then sign in again')).toBeInTheDocument();
  });

  it('keeps the form as it is for refusals that are not about the captcha', async () => {
    const onSubmit = jest.fn().mockRejectedValue(new ApiError('Login failed, please try again!', 'business', -1, 400, null));
    render(<LoginForm captchaSwitch={false} onSubmit={onSubmit} onCaptchaError={jest.fn()} />);
    type('用户名', 'admin');
    type('密码', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.queryByAltText('图形验证码')).not.toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();
  });
});
