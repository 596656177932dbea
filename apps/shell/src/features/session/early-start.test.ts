import { adminMenuCall, headerMenuCall, memberInfoCall, remotesCall } from '@uc/contracts';
import { prefetchCall, setAccessToken } from '@uc/client';
import { startSignedInLoad } from './early-start';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), prefetchCall: jest.fn() }));
const mockPrefetch = prefetchCall as jest.MockedFunction<typeof prefetchCall>;

beforeEach(() => {
  mockPrefetch.mockReset();
  setAccessToken(null);
});

describe('startSignedInLoad', () => {
  it('with a stored token on a console page, asks for the user, menus and registry and the layout at once', () => {
    setAccessToken('token-of-admin');
    const layout = jest.fn(async () => ({}));
    startSignedInLoad('/user/web/org/user', layout);
    expect(mockPrefetch.mock.calls.map(([contract, options]) => [contract.path, options])).toEqual([
      [memberInfoCall.path, undefined],
      // The query the start sequence asks the side menu with: the same key, so it takes this answer.
      [adminMenuCall.path, { query: {} }],
      [headerMenuCall.path, undefined],
      [remotesCall.path, undefined],
    ]);
    expect(layout).toHaveBeenCalledTimes(1);
  });

  it('starts nothing on a sign-in page or without a token', () => {
    const layout = jest.fn(async () => ({}));
    startSignedInLoad('/user/web/org/user', layout);
    setAccessToken('token-of-admin');
    startSignedInLoad('/user/web/user/login', layout);
    startSignedInLoad('/user/web/user/jump', layout);
    expect(mockPrefetch).not.toHaveBeenCalled();
    expect(layout).not.toHaveBeenCalled();
  });
});
