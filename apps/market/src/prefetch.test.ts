import { appDetailsCall, appListCall } from '@uc/contracts';
import { prefetchCall } from '@uc/client';
import { prefetch } from './prefetch';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), prefetchCall: jest.fn() }));
const mockPrefetch = prefetchCall as jest.MockedFunction<typeof prefetchCall>;

beforeEach(() => mockPrefetch.mockReset());

it('asks for the cards of the manage page and the details of a version, as the pages will', () => {
  prefetch('/addons/market');
  prefetch('/addons/market/details/acme-report%401.2.0');
  expect(mockPrefetch.mock.calls).toEqual([
    [appListCall, { query: {} }],
    [appDetailsCall, { query: { versionId: 'acme-report@1.2.0' } }],
  ]);
});

it('asks for nothing on an address that names no version', () => {
  prefetch('/addons/market/details/%E0%A4%A');
  prefetch('/addons/market/details/nothing');
  prefetch('/addons/other');
  expect(mockPrefetch).not.toHaveBeenCalled();
});
