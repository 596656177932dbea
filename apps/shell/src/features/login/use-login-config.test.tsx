import { renderHook, waitFor } from '@testing-library/react';
import { type LoginConfig } from '@uc/contracts';
import { call } from '@uc/client';
import { DEFAULT_LOGIN_CONFIG, storedLoginConfig, useLoginConfig } from './use-login-config';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const server: LoginConfig = { registerSwitch: true, captchaSwitch: true, forceInvite: false, smsLogin: false, demoMode: false };

beforeEach(() => {
  localStorage.clear();
  mockCall.mockReset();
});

describe('useLoginConfig', () => {
  it("uses the server's answer and keeps it under CURRENT-LOGIN-CONFIG", async () => {
    mockCall.mockResolvedValue(server);
    const { result } = renderHook(() => useLoginConfig());
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual(server));
    expect(JSON.parse(localStorage.getItem('CURRENT-LOGIN-CONFIG')!)).toEqual(server);
    expect(mockCall.mock.calls[0]?.[0].path).toBe('/user/admin/site/loginConfig');
  });

  it('offline without a kept answer: the default, whose phone tab shows', async () => {
    mockCall.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useLoginConfig());
    await waitFor(() => expect(result.current).toEqual(DEFAULT_LOGIN_CONFIG));
    expect(result.current?.smsLogin).toBe(true);
  });

  it('offline with a kept answer: the kept one, from the first render', async () => {
    localStorage.setItem('CURRENT-LOGIN-CONFIG', JSON.stringify(server));
    let fail: (e: unknown) => void = () => undefined;
    mockCall.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const { result } = renderHook(() => useLoginConfig());
    expect(result.current).toEqual(server);
    fail(new TypeError('Failed to fetch'));
    await new Promise((r) => setTimeout(r, 0));
    expect(result.current).toEqual(server);
  });

  it('ignores a kept answer it cannot read', () => {
    localStorage.setItem('CURRENT-LOGIN-CONFIG', '{not json');
    expect(storedLoginConfig()).toBeNull();
    localStorage.setItem('CURRENT-LOGIN-CONFIG', JSON.stringify({ smsLogin: 'yes' }));
    expect(storedLoginConfig()).toBeNull();
  });
});
