import { dashboardWorkplaceCall } from '@uc/contracts';
import { prefetchCall } from '@uc/client';
import { prefetch } from './prefetch';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), prefetchCall: jest.fn() }));
const mockPrefetch = prefetchCall as jest.MockedFunction<typeof prefetchCall>;

beforeEach(() => mockPrefetch.mockReset());

it('asks for the workplace, where every sign-in lands, as its page will', () => {
  prefetch('/dashboard/workplace');
  expect(mockPrefetch.mock.calls).toEqual([[dashboardWorkplaceCall, {}]]);
});

it('asks for nothing on the other pages (their figures depend on what the reader picks)', () => {
  prefetch('/dashboard/analysis');
  prefetch('/home/account');
  expect(mockPrefetch).not.toHaveBeenCalled();
});
