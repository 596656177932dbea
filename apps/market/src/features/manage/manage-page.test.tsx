import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { appListCall, appStatusCall, type AppCard, type CallContract } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerMarketMessages } from '../../locales';
import { installedCard, testCard } from '../../lib/market-test-data';
import { ManagePage } from './manage-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn(), refreshRegistryAndMenus: jest.fn(() => Promise.resolve([])) }));
const mockCall = call as jest.MockedFunction<typeof call>;
const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: unknown });

let cards: AppCard[];
jest.setTimeout(30_000);
beforeAll(() => registerMarketMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  cards = [
    testCard({ name: 'acme-report' }),
    installedCard({ name: 'acme-map', title: { 'zh-CN': '地图', 'en-US': 'Maps' }, localVersion: '1.0.0', version: '2.0.0', updateStatus: 1 }),
    installedCard({ name: 'acme-chat', title: { 'zh-CN': '聊天', 'en-US': 'Chat' }, enabled: false }),
  ];
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === appListCall) {
        const keyword = (options?.query as { keyword?: string } | undefined)?.keyword;
        const list = keyword ? cards.filter((c) => c.name.includes(keyword)) : cards;
        return { list, total: list.length };
      }
      if (contract === appStatusCall) return null;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

function DetailsStub() {
  return <div data-testid="details-route">{useParams().versionId}</div>;
}

const renderPage = () =>
  render(
    <App>
      <AntdApiUi />
      <MemoryRouter initialEntries={['/addons/market']}>
        <Routes>
          <Route path="/addons/market" element={<ManagePage />} />
          <Route path="/addons/market/details/:versionId" element={<DetailsStub />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('tr')!;

describe('ManagePage', () => {
  it('lists every addon with its versions and state, the old version struck through on an update', async () => {
    renderPage();
    const map = await rowOf('地图');
    expect(within(map).getByTestId('market-old-version')).toHaveTextContent('1.0.0');
    expect(within(map).getByTestId('market-manage-version-acme-map')).toHaveTextContent('1.0.0 2.0.0');
    expect(within(map).getByTestId('market-manage-status-acme-map')).toHaveTextContent('已安装');
    expect(within(await rowOf('报表')).getByTestId('market-manage-status-acme-report')).toHaveTextContent('未安装');
    expect(within(await rowOf('报表')).queryByTestId('market-manage-enabled-acme-report')).toBeNull();
    expect(within(await rowOf('聊天')).getByTestId('market-disabled')).toHaveTextContent('已停用');
  });

  it("lists the console's own areas as built in, with no switch", async () => {
    cards.push(installedCard({ name: 'org', title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' }, version: '0.1.0-f7b2e9a5', builtIn: true }));
    renderPage();
    const org = await rowOf('组织管理');
    expect(within(org).getByTestId('market-built-in')).toHaveTextContent('内置');
    expect(within(org).getByTestId('market-manage-status-org')).toHaveTextContent('已安装');
    expect(within(org).queryByTestId('market-manage-enabled-org')).toBeNull();
  });

  it('searches by keyword on the server', async () => {
    renderPage();
    await rowOf('地图');
    const search = screen.getByPlaceholderText('搜索应用名称或描述');
    fireEvent.change(search, { target: { value: 'chat' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent(appListCall).at(-1)?.query).toEqual({ keyword: 'chat' }));
    await waitFor(() => expect(screen.queryByText('地图')).toBeNull());
    expect(screen.getByText('聊天')).toBeInTheDocument();
  });

  it('opens the details page in the same tab', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('地图')).getByTestId('market-manage-details-acme-map'));
    expect(await screen.findByTestId('details-route')).toHaveTextContent('acme-map@2.0.0');
  });

  it('switches an addon on and off for whom holds app/status, and shows the switch read-only to others', async () => {
    const { unmount } = renderPage();
    const chat = await rowOf('聊天');
    fireEvent.click(within(within(chat).getByTestId('market-manage-enabled-acme-chat')).getByRole('switch'));
    await waitFor(() => expect(sent(appStatusCall)[0]?.body).toEqual({ name: 'acme-chat', enabled: true }));
    unmount();

    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [appListCall.path] }) });
    renderPage();
    expect(within(within(await rowOf('聊天')).getByTestId('market-manage-enabled-acme-chat')).getByRole('switch')).toBeDisabled();
  });
});
