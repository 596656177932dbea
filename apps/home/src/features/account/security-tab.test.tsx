import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  memberSessionsCall,
  profileMobileCall,
  profileMobileCodeCall,
  revokeOtherSessionsCall,
  revokeSessionCall,
  updatePasswordCall,
  type SessionRow,
} from '@uc/contracts';
import { setLocale } from '@uc/client';
import { Refusal } from '@uc/testing';
import { registerHomeMessages } from '../../locales';
import { renderAt, serve, testProfile } from './account-test-data';
import { MobileForm } from './mobile-form';
import { PasswordForm } from './password-form';
import { SessionsTable } from './sessions-table';

const session = (over: Partial<SessionRow>): SessionRow => ({
  id: 1,
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  browser: 'Chrome 126',
  os: 'Windows 10',
  device: 'desktop',
  createdAt: '2026-03-01T00:00:00.000Z',
  lastSeenAt: '2026-03-04T00:00:00.000Z',
  expiresAt: '2026-04-01T00:00:00.000Z',
  current: false,
  ...over,
});

let server: ReturnType<typeof serve>;
let sessions: SessionRow[];
let wrongPassword: boolean;
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  wrongPassword = false;
  sessions = [
    session({ id: 1, current: true }),
    session({ id: 2, ip: '10.0.0.2', browser: 'Safari 17', os: 'iOS 17', device: 'mobile' }),
    session({ id: 3, ip: '10.0.0.3', browser: 'Firefox 128', os: 'Linux', device: 'desktop' }),
  ];
  server = serve((contract, options) => {
    const body = options?.body as Record<string, unknown> | undefined;
    if (contract === profileMobileCodeCall) return { cooldownSeconds: 60, expiresInSeconds: 300 };
    if (contract === profileMobileCall) return testProfile({ mobile: String(body?.mobile) });
    if (contract === memberSessionsCall) return { list: sessions };
    if (contract === revokeSessionCall) {
      sessions = sessions.filter((s) => s.id !== body?.id);
      return null;
    }
    if (contract === revokeOtherSessionsCall) {
      const revoked = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { revoked };
    }
    if (contract === updatePasswordCall) {
      if (wrongPassword) throw new Refusal('oldPassword: 当前密码不正确', 400);
      return { revoked: 2 };
    }
    throw new Error(`unexpected call ${contract.path}`);
  });
});
afterEach(() => jest.restoreAllMocks());

const ok = () => fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: /确\s*定/ }));

describe('MobileForm', () => {
  it('sends the code to the new number, counts down the resend, then changes the number with the code', async () => {
    const onSaved = jest.fn();
    renderAt(<MobileForm current="13800000000" verified onSaved={onSaved} />);
    expect(screen.queryByRole('button', { name: '验证此号码' })).toBeNull();
    expect(screen.getByText('当前手机号：13800000000')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: '获取验证码' });

    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '12345' } });
    fireEvent.click(send);
    expect(await screen.findByText('手机号格式错误！')).toBeInTheDocument();
    expect(server.sent(profileMobileCodeCall)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13900000000' } });
    fireEvent.click(send);
    expect(await screen.findByRole('button', { name: /60 秒后重新获取|59 秒后重新获取/ })).toBeDisabled();
    expect(server.sent(profileMobileCodeCall)).toEqual([{ body: { mobile: '13900000000' } }]);
    expect(screen.getByText('验证码已发送至 13900000000，5 分钟内有效')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mobile: '13900000000' })));
    expect(server.sent(profileMobileCall)).toEqual([{ body: { mobile: '13900000000', code: '123456' }, done: 'saved' }]);
    expect(screen.getByLabelText('新手机号')).toHaveValue('');
  });
});

describe('MobileForm with a number an administrator typed', () => {
  it('says it is not verified and verifies it with a code sent to it', async () => {
    const onSaved = jest.fn();
    renderAt(<MobileForm current="13800000000" verified={false} onSaved={onSaved} />);
    expect(screen.getByText(/当前手机号：13800000000（未验证：验证后才能用于短信登录和找回密码）/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '验证此号码' }));
    expect(screen.getByLabelText('新手机号')).toHaveValue('13800000000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(server.sent(profileMobileCodeCall)).toEqual([{ body: { mobile: '13800000000' } }]));
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mobile: '13800000000', mobileVerified: true })));
  });
});

describe('SessionsTable', () => {
  it('marks the current session, and signs out the others only once confirmed', async () => {
    renderAt(<SessionsTable refresh={0} />);
    const current = (await screen.findByText('当前会话')).closest('tr')!;
    expect(within(current).queryByRole('button')).toBeNull();
    expect(screen.getByText('Safari 17 · iOS 17 · 手机')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '退出其他所有会话' }));
    expect(await screen.findByText('确定退出除当前会话外的所有会话吗？其他设备需要重新登录')).toBeInTheDocument();
    expect(server.sent(revokeOtherSessionsCall)).toHaveLength(0);
    ok();
    expect(await screen.findByText('已退出 2 个会话')).toBeInTheDocument();
    expect(server.sent(revokeOtherSessionsCall)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari 17 · iOS 17 · 手机')).toBeNull());
    expect(screen.getByRole('button', { name: '退出其他所有会话' })).toBeDisabled();
  });

  it('signs out one other session after confirming', async () => {
    renderAt(<SessionsTable refresh={0} />);
    fireEvent.click(await screen.findByRole('button', { name: '退出会话 Firefox 128 · Linux · 电脑 10.0.0.3' }));
    expect(await screen.findByText('确定让该设备退出登录吗？它需要重新登录才能继续使用')).toBeInTheDocument();
    ok();
    await waitFor(() => expect(screen.queryByText('10.0.0.3')).toBeNull());
    expect(server.sent(revokeSessionCall)).toEqual([{ body: { id: 3 }, done: 'done' }]);
    expect(screen.getByText('10.0.0.2')).toBeInTheDocument();
  });
});

describe('PasswordForm', () => {
  it('checks the confirmation, keeps the input on a wrong current password, and ends other sessions when asked', async () => {
    const onRevoked = jest.fn();
    renderAt(<PasswordForm onRevoked={onRevoked} />);
    const submit = screen.getByRole('button', { name: '修改密码' });
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-secret-2' } });
    fireEvent.click(submit);
    expect(await screen.findByText('两次输入的新密码不一致：请输入相同的新密码')).toBeInTheDocument();
    expect(server.sent(updatePasswordCall)).toHaveLength(0);

    wrongPassword = true;
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-secret-1' } });
    fireEvent.click(submit);
    expect(await screen.findByText('oldPassword: 当前密码不正确')).toBeInTheDocument();
    expect(screen.getByLabelText('当前密码')).toHaveValue('old-secret');

    wrongPassword = false;
    fireEvent.click(submit);
    await waitFor(() => expect(onRevoked).toHaveBeenCalled());
    expect(server.sent(updatePasswordCall).at(-1)).toEqual({
      body: { oldPassword: 'old-secret', newPassword: 'new-secret-1', endOtherSessions: true },
      done: 'saved',
    });
    expect(await screen.findByText('已退出其他 2 个会话')).toBeInTheDocument();
    expect(screen.getByLabelText('当前密码')).toHaveValue('');
  });
});
