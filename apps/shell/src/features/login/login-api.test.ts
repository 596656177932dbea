import { ApiError, call, handleApiError } from '@uc/client';
import { loginApi } from './login-api';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn(), handleApiError: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;
const mockHandle = handleApiError as jest.MockedFunction<typeof handleApiError>;

beforeEach(() => {
  mockCall.mockReset();
  mockHandle.mockReset();
});

describe('loginApi.accountLogin', () => {
  it('leaves a captcha challenge to the form (no toast with the server sentence)', async () => {
    const challenge = new ApiError('Too many failed sign-ins …', 'business', -1, 400, { captchaRequired: true });
    mockCall.mockRejectedValue(challenge);
    await expect(loginApi.accountLogin({ username: 'admin', password: 'x' })).rejects.toBe(challenge);
    expect(mockHandle).not.toHaveBeenCalled();
  });

  it('shows every other refusal as the API client would', async () => {
    const refusal = new ApiError('Login failed, please try again!', 'business', -1, 400, null);
    mockCall.mockRejectedValue(refusal);
    await expect(loginApi.accountLogin({ username: 'admin', password: 'x' })).rejects.toBe(refusal);
    expect(mockHandle).toHaveBeenCalledWith(refusal);
  });
});
