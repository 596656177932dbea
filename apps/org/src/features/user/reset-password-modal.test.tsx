import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { memberResetPwdCall } from '@uc/contracts';
import { call, setLocale } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { registerUserMessages } from './user-messages';
import { Refusal, servedBy, testMemberRow } from '@uc/testing';
import { ResetPasswordModal } from './reset-password-modal';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const user = testMemberRow({ id: 7, username: 'ann', realName: '安', mobile: '13800000000' });

/** The server's refusal of a well-known password, in Chinese. */
const TOO_COMMON = 'password: 该密码属于最常用的密码，容易被猜到，请换一个（几个不相关的词组合起来就是好密码）';
const RULE = '密码至少 8 个字符';

const sentBodies = () => mockCall.mock.calls.filter(([c]) => c === memberResetPwdCall).map(([, o]) => o?.body);
const dialog = () => screen.getByRole('dialog');
const password = () => within(dialog()).getByLabelText('密码') as HTMLInputElement;
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));

function renderModal() {
  const onClose = jest.fn();
  render(
    <App>
      <AntdApiUi />
      <ResetPasswordModal user={user} onClose={onClose} />
    </App>,
  );
  return onClose;
}

jest.setTimeout(60_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract !== memberResetPwdCall) throw new Error(`unexpected call ${contract.path}`);
      if ((options?.body as { password: string }).password === 'password123') throw new Refusal(TOO_COMMON, 400);
      return null;
    }),
  );
});

describe('ResetPasswordModal', () => {
  it("sends the user's id and the new password to the reset call, says saved and closes", async () => {
    const onClose = renderModal();
    expect(within(dialog()).getByText('重置密码：ann')).toBeInTheDocument();
    expect(password().type).toBe('password');
    expect(password().autocomplete).toBe('new-password');
    fireEvent.change(password(), { target: { value: 'horse-battery-staple' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sentBodies()).toEqual([{ id: 7, password: 'horse-battery-staple' }]);
  });

  it('asks for a password of at least 8 characters and sends nothing otherwise', async () => {
    const onClose = renderModal();
    save();
    expect(await within(dialog()).findByText(RULE)).toBeInTheDocument();
    fireEvent.change(password(), { target: { value: 'seven77' } });
    save();
    await waitFor(() => expect(within(dialog()).getByText(RULE)).toBeInTheDocument());
    // Give a late submit the time to go out before checking that none did.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(mockCall).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes exactly 8 characters: the message goes away and the call is made', async () => {
    renderModal();
    save();
    await within(dialog()).findByText(RULE);
    fireEvent.change(password(), { target: { value: 'eight888' } });
    await waitFor(() => expect(within(dialog()).queryByText(RULE)).not.toBeInTheDocument());
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ id: 7, password: 'eight888' }]);
  });

  it("stays open with the typed password when the server refuses it, and shows the server's reason", async () => {
    const onClose = renderModal();
    fireEvent.change(password(), { target: { value: 'password123' } });
    save();
    expect(await screen.findByText(TOO_COMMON)).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ id: 7, password: 'password123' }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByText('重置密码：ann')).toBeInTheDocument();
    expect(password().value).toBe('password123');
    expect(screen.queryByText('已保存')).not.toBeInTheDocument();
  });
});
