import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminMenuCall, headerMenuCall, memberInfoCall, profileEditCall, profileUploadCall, type ProfileBasicBody, type ProfileCard } from '@uc/contracts';
import { setLocale, useSession } from '@uc/client';
import { Refusal, testUser } from '@uc/testing';
import { registerHomeMessages } from '../../locales';
import { renderAt, serve, testProfile } from './account-test-data';
import { BasicTab } from './basic-tab';

const AVATAR = '/admin/admin/upload/file/0123456789abcdef0123456789abcdef.png';

let server: ReturnType<typeof serve>;
let refuse: string | null;
let onSaved: jest.Mock<void, [ProfileCard]>;
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  refuse = null;
  onSaved = jest.fn();
  useSession.setState({ status: 'ready', currentUser: testUser({ username: 'zhang.san', realName: '张三', isSuperAdmin: false }) });
  // What the server holds: the saved card is what member/info (the header's source) answers next.
  let stored = testProfile();
  server = serve((contract, options) => {
    if (contract === profileUploadCall) return { url: AVATAR, name: 'a.png', size: 3, mime: 'image/png', purpose: 'public' };
    if (contract === profileEditCall) {
      if (refuse) throw new Refusal(refuse, 400);
      stored = { ...stored, ...(options?.body as ProfileBasicBody) };
      return stored;
    }
    if (contract === memberInfoCall) return testUser({ username: stored.username, realName: stored.realName, avatar: stored.avatar, isSuperAdmin: false });
    if (contract === adminMenuCall || contract === headerMenuCall) return { list: [] };
    throw new Error(`unexpected call ${contract.path}`);
  });
});
afterEach(() => jest.restoreAllMocks());

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('BasicTab', () => {
  it('uploads the avatar as a public image, saves the basic info and refreshes the header user at once', async () => {
    const { container } = renderAt(<BasicTab profile={testProfile()} onSaved={onSaved} />);
    const name = await screen.findByLabelText('真实姓名');
    expect(name).toHaveValue('张三');
    expect(screen.getByText('zhang.san')).toBeInTheDocument();
    expect(screen.getByText('星河科技')).toBeInTheDocument();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: '头像' }, { timeout: 10_000 })).toHaveAttribute('src', AVATAR);
    expect(server.sent(profileUploadCall)[0]?.query).toEqual({ purpose: 'public' });

    fireEvent.change(name, { target: { value: '张小三' } });
    fireEvent.change(screen.getByLabelText('QQ'), { target: { value: '67890' } });
    save();
    await waitFor(() => expect(useSession.getState().currentUser?.realName).toBe('张小三'));
    expect(useSession.getState().currentUser?.avatar).toBe(AVATAR);
    expect(server.sent(profileEditCall)).toEqual([
      {
        body: { avatar: AVATAR, realName: '张小三', sex: 1, birthday: '1990-01-31', qq: '67890', email: 'zhang@example.com', address: '上海' },
        done: 'saved',
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ realName: '张小三', avatar: AVATAR }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('refuses an image over 2M and fields the contract refuses before sending, and keeps the input when the server refuses', async () => {
    const { container } = renderAt(<BasicTab profile={testProfile()} onSaved={onSaved} />);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [big] } });
    expect(await screen.findByText('上传：图片不能超过 2M。')).toBeInTheDocument();
    expect(server.sent(profileUploadCall)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('QQ'), { target: { value: '12' } });
    save();
    expect(await screen.findByText('QQ 号必须是 5 到 12 位数字')).toBeInTheDocument();
    expect(server.sent(profileEditCall)).toHaveLength(0);

    refuse = '邮箱已被占用：请换一个邮箱';
    fireEvent.change(screen.getByLabelText('QQ'), { target: { value: '123456' } });
    save();
    expect(await screen.findByText(refuse)).toBeInTheDocument();
    expect(screen.getByLabelText('QQ')).toHaveValue('123456');
    expect(onSaved).not.toHaveBeenCalled();
    expect(server.sent(memberInfoCall)).toHaveLength(0);
    expect(useSession.getState().currentUser?.realName).toBe('张三');
  });
});
