import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { captchaCall, memberUnlockCall, type CallContract } from '@uc/contracts';
import { ApiError, call, getAccessToken, readStorage, setAccessToken, setLocale, setNavigator, StorageKey, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { LockScreen } from './lock-screen';
import { followOtherTabs, lockConsole, syncLockScreen, useLockScreen } from './lock-store';

// The API client's `call` is the mock: the real client runs against a fake server (servedBy) where it can.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const PASSWORD = 'right-password-1';
const WRONG = '密码不正确，请输入您登录时使用的密码，或退出登录';
const CAPTCHA = { cid: 'c1', base64: 'data:image/png;base64,iVBORw0KGgo=' };

const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o as { body?: unknown })?.body);

/** The console behind the lock: a page, and an antd-like portal (a modal) beside the React root. */
function renderConsole() {
  const portal = document.createElement('div');
  portal.textContent = 'an open modal of the page';
  document.body.appendChild(portal);
  const view = render(
    <ConsoleConfigProvider>
      <p>the page behind</p>
      <button type="button">a button of the page</button>
      <LockScreen />
    </ConsoleConfigProvider>,
  );
  return { portal, root: view.container };
}

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  localStorage.clear();
  document.body.innerHTML = '';
  mockCall.mockReset();
  setAccessToken('token-1');
  useSession.setState({ currentUser: testUser({ realName: 'Ann', username: 'ann' }) });
  useLockScreen.setState({ locked: false, token: 'token-1' });
});

describe('the lock screen', () => {
  it('covers the console and its portals (inert, hidden, unreadable) and keeps IS-LOCKSCREEN for a reload', () => {
    const { portal, root } = renderConsole();
    expect(screen.getByRole('button', { name: 'a button of the page' })).toBeInTheDocument();
    act(() => lockConsole());
    expect(readStorage(StorageKey.isLockscreen)).toBe('true');
    expect(screen.getByRole('dialog', { name: /屏幕已锁定/ })).toBeInTheDocument();
    expect(screen.getByText('Ann，请输入登录密码解锁')).toBeInTheDocument();
    for (const covered of [root, portal]) {
      expect(covered).toHaveAttribute('inert');
      expect(covered).toHaveAttribute('aria-hidden', 'true');
      expect(covered.style.display).toBe('none');
    }
    // What a screen reader or the keyboard reaches: the lock screen only.
    expect(screen.queryByRole('button', { name: 'a button of the page' })).not.toBeInTheDocument();
    // A portal the page opens while locked (a late answer's toast) is covered too.
    const late = document.createElement('div');
    act(() => void document.body.appendChild(late));
    return waitFor(() => expect(late).toHaveAttribute('inert'));
  });

  it('refuses a wrong password under the field, then the right one unlocks and uncovers exactly what it covered', async () => {
    mockCall.mockImplementation(
      servedBy((contract, options) => {
        if (contract !== memberUnlockCall) throw new Error(`unexpected ${contract.path}`);
        if ((options?.body as { password: string }).password !== PASSWORD) throw new Refusal(WRONG, 400);
        return null;
      }),
    );
    const { portal, root } = renderConsole();
    portal.setAttribute('aria-hidden', 'false');
    act(() => lockConsole());

    fireEvent.click(screen.getByTestId('lock-submit'));
    expect(await screen.findByText('请输入登录密码')).toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    expect(useLockScreen.getState().locked).toBe(true);
    expect(screen.getByTestId('lock-password')).toHaveValue('');

    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).not.toBeInTheDocument());
    expect(sent(memberUnlockCall)).toEqual([{ password: 'not-it' }, { password: PASSWORD }]);
    expect(readStorage(StorageKey.isLockscreen)).toBeNull();
    // The session is untouched: same token, same user.
    expect(getAccessToken()).toBe('token-1');
    expect(useSession.getState().currentUser?.username).toBe('ann');
    expect(root).not.toHaveAttribute('inert');
    expect(root).not.toHaveAttribute('aria-hidden');
    expect(root.style.display).toBe('');
    expect(portal).toHaveAttribute('aria-hidden', 'false');
    expect(screen.getByRole('button', { name: 'a button of the page' })).toBeInTheDocument();
  });

  it('asks for the captcha when the sign-in throttle wants one, and sends its id and code with the password', async () => {
    let challenged = true;
    mockCall.mockImplementation((async (contract: CallContract, options?: { body?: { code?: string } }) => {
      if (contract === captchaCall) return CAPTCHA;
      if (contract === memberUnlockCall && challenged && options?.body?.code !== 'ab12') {
        throw new ApiError('该账号登录失败次数过多，请输入图片验证码后重试', 'business', -1, 400, { captchaRequired: true });
      }
      challenged = false;
      return null;
    }) as never);
    renderConsole();
    act(() => lockConsole());
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    expect(await screen.findByText('失败次数过多，请输入图片中的验证码后再解锁')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '图片验证码' })).toHaveAttribute('src', CAPTCHA.base64);
    fireEvent.change(screen.getByTestId('lock-captcha'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    await waitFor(() => expect(useLockScreen.getState().locked).toBe(false));
    expect(sent(memberUnlockCall).at(-1)).toEqual({ password: PASSWORD, cid: 'c1', code: 'ab12' });
  });

  it('signs out from the lock screen, and the next session starts unlocked', async () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    renderConsole();
    act(() => lockConsole());
    fireEvent.click(screen.getByTestId('lock-sign-out'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/logout\?redirect=/), { replace: true }));
    setNavigator(null);
    // The logout route clears the token; a later sign-in sets a new one: either forgets the lock.
    setAccessToken('token-2');
    act(() => syncLockScreen());
    expect(useLockScreen.getState().locked).toBe(false);
  });

  it('follows the console’s other tabs, but a sign-out elsewhere does not open this one', () => {
    const stop = followOtherTabs();
    const storageEvent = () => act(() => void window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.isLockscreen })));
    localStorage.setItem(StorageKey.isLockscreen, 'true');
    storageEvent();
    expect(useLockScreen.getState().locked).toBe(true);
    localStorage.removeItem(StorageKey.isLockscreen);
    storageEvent();
    expect(useLockScreen.getState().locked).toBe(false);

    localStorage.setItem(StorageKey.isLockscreen, 'true');
    storageEvent();
    // Another tab signs out: the token and the key go together.
    localStorage.removeItem(StorageKey.accessToken);
    localStorage.removeItem(StorageKey.isLockscreen);
    storageEvent();
    expect(useLockScreen.getState().locked).toBe(true);
    stop();
  });
});
