import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileUploadCall, profileWithdrawalCall, profileWithdrawalEditCall, type Withdrawal } from '@uc/contracts';
import { setLocale } from '@uc/client';
import { Refusal } from '@uc/testing';
import { registerHomeMessages } from '../../locales';
import { renderAt, serve } from './account-test-data';
import { WithdrawalTab } from './withdrawal-tab';

const CODE = '/admin/admin/upload/file/0123456789abcdef0123456789abcdef.png';
const PASSWORD_WRONG = 'password: 登录密码不正确：请输入您登录时使用的密码';

let server: ReturnType<typeof serve>;
let stored: Withdrawal;
const realFetch = globalThis.fetch;
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  stored = { alipayName: '张三', alipayAccount: 'zhang@alipay', alipayCode: '' };
  server = serve((contract, options) => {
    if (contract === profileWithdrawalCall) return stored;
    if (contract === profileUploadCall) return { url: CODE, name: 'c.png', size: 3, mime: 'image/png', purpose: 'private' };
    if (contract === profileWithdrawalEditCall) {
      const { password, ...rest } = options?.body as Withdrawal & { password: string };
      if (password !== 'right-one') throw new Refusal(PASSWORD_WRONG, 400);
      stored = rest;
      return stored;
    }
    throw new Error(`unexpected call ${contract.path}`);
  });
  // The payment code is private: AuthImage fetches it with the session and shows it as a data: URL.
  globalThis.fetch = jest.fn(async () => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } })) as typeof fetch;
});
afterEach(() => {
  jest.restoreAllMocks();
  globalThis.fetch = realFetch;
});

describe('WithdrawalTab', () => {
  it('saves the account with the login password, keeping the form on a wrong one', async () => {
    const { container } = renderAt(<WithdrawalTab />);
    const account = await screen.findByLabelText('支付宝账号');
    expect(account).toHaveValue('zhang@alipay');
    fireEvent.change(account, { target: { value: 'zhang.san@alipay' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'code.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });
    // Shown through the session: the image is fetched with the token, never linked directly.
    expect(await screen.findByRole('img', { name: '收款码' }, { timeout: 10_000 })).toHaveAttribute('src', 'data:image/png;base64,iVA=');
    expect(server.sent(profileUploadCall)[0]?.query).toEqual({ purpose: 'private' });

    const save = screen.getByRole('button', { name: /保\s*存/ });
    fireEvent.click(save);
    expect(await screen.findByText('请输入登录密码')).toBeInTheDocument();
    expect(server.sent(profileWithdrawalEditCall)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'wrong-one' } });
    fireEvent.click(save);
    expect(await screen.findByText(PASSWORD_WRONG)).toBeInTheDocument();
    expect(screen.getByLabelText('支付宝账号')).toHaveValue('zhang.san@alipay');
    expect(screen.getByLabelText('登录密码')).toHaveValue('wrong-one');

    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'right-one' } });
    fireEvent.click(save);
    await waitFor(() => expect(stored.alipayAccount).toBe('zhang.san@alipay'));
    expect(server.sent(profileWithdrawalEditCall).at(-1)).toEqual({
      body: { alipayName: '张三', alipayAccount: 'zhang.san@alipay', alipayCode: CODE, password: 'right-one' },
      done: 'saved',
    });
    await waitFor(() => expect(screen.getByLabelText('登录密码')).toHaveValue(''));
  });
});
