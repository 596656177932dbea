import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appListCall, type AppCard, type CallContract } from '@uc/contracts';
import { call, refreshRegistryAndMenus, setLocale, useSession } from '@uc/client';
import { servedBy, testUser } from '@uc/testing';
import { registerMarketMessages } from '../../locales';
import { postMarketEvent } from '../../lib/market-channel';
import { installedCard, installFakeBroadcastChannel, testCard } from '../../lib/market-test-data';
import { MarketPanel } from '../../market-panel';
import { CARD_COLUMNS } from './market-panel';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn(), refreshRegistryAndMenus: jest.fn(() => Promise.resolve([])) }));
const mockCall = call as jest.MockedFunction<typeof call>;
const mockRefresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;

const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { query?: Record<string, unknown> });
/** The market answers `lists` in turn (the last one repeats); each answer is parsed through the contract. */
const market = (...lists: AppCard[][]) => {
  let next = 0;
  mockCall.mockImplementation(
    servedBy((contract) => {
      if (contract !== appListCall) throw new Error(`unexpected call ${contract.path}`);
      const list = lists[Math.min(next++, lists.length - 1)]!;
      return { list, total: list.length };
    }),
  );
};
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

jest.setTimeout(30_000);
let uninstallChannel: () => void;
beforeAll(() => registerMarketMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  mockCall.mockReset();
  mockRefresh.mockClear();
  uninstallChannel = installFakeBroadcastChannel();
});
afterEach(() => uninstallChannel());

describe('MarketPanel', () => {
  it('lays the cards out 24 wide on xs to md, 12 on lg, 8 on xl and 6 on xxl', async () => {
    market([testCard({ name: 'a' }), installedCard({ name: 'b' })]);
    render(<MarketPanel />);
    const grid = await screen.findByTestId('market-grid');
    expect(within(grid).getByTestId('market-card-a')).toBeInTheDocument();
    expect(within(grid).getByTestId('market-card-b')).toBeInTheDocument();
    expect(CARD_COLUMNS).toEqual({ xs: 24, sm: 24, md: 24, lg: 12, xl: 8, xxl: 6 });
    const col = screen.getByTestId('market-card-a').parentElement!;
    expect(col.className).toEqual(expect.stringContaining('ant-col-xs-24'));
    expect(col.className).toEqual(expect.stringContaining('ant-col-lg-12'));
    expect(col.className).toEqual(expect.stringContaining('ant-col-xl-8'));
    expect(col.className).toEqual(expect.stringContaining('ant-col-xxl-6'));
  });

  it('searches by keyword', async () => {
    market([testCard({ name: 'a' })], []);
    render(<MarketPanel />);
    await screen.findByTestId('market-card-a');
    expect(sent(appListCall)[0]?.query).toEqual({});
    fireEvent.change(screen.getByLabelText('搜索应用名称或描述'), { target: { value: ' report ' } });
    fireEvent.keyDown(screen.getByLabelText('搜索应用名称或描述'), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有与“report”相关的应用：换个关键词再试。')).toBeInTheDocument();
    expect(sent(appListCall).at(-1)?.query).toEqual({ keyword: 'report' });
  });

  it('tells whom may install how the market is filled when it is empty', async () => {
    market([]);
    render(<MarketPanel />);
    const empty = await screen.findByTestId('market-empty');
    expect(empty).toHaveTextContent('上架应用：把应用包放进服务器的应用包目录');
    expect(empty).toHaveTextContent(/MARKET_DIR/);
  });

  it('tells anyone else no more than that the market is empty: no server settings, in either language', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [] }) });
    market([]);
    render(<MarketPanel />);
    const said = async () => (await screen.findByTestId('market-empty')).querySelector('.ant-empty-description')!;
    expect(await said()).toHaveTextContent(/^应用市场里还没有应用。$/);
    act(() => setLocale('en-US'));
    await waitFor(async () => expect(await said()).toHaveTextContent(/^The market has no applications yet\.$/));
    expect((await said()).textContent).not.toMatch(/MARKET_|DATA_DIR|pnpm|README|\.tgz/);
  });

  it("shows the console's own areas as installed and built in, with their details", async () => {
    market([testCard({ name: 'hello-addon' }), installedCard({ name: 'org', version: '0.1.0-f7b2e9a5', builtIn: true })]);
    render(<MarketPanel />);
    const org = await screen.findByTestId('market-card-org');
    expect(within(org).getByTestId('market-built-in')).toHaveTextContent('内置');
    expect(within(org).getByTestId('market-card-status')).toHaveTextContent('已安装');
    expect(within(org).getByTestId('market-card-version')).toHaveTextContent('0.1.0-f7b2e9a5');
    expect(within(org).getByTestId('market-details')).toBeInTheDocument();
    expect(within(org).queryByTestId('market-install')).toBeNull();
    expect(within(screen.getByTestId('market-card-hello-addon')).queryByTestId('market-built-in')).toBeNull();
  });

  it('says when the market could not be loaded, and asks again on retry', async () => {
    let fail = true;
    mockCall.mockImplementation(
      servedBy(() => {
        if (fail) throw new Error('catalogue unreachable');
        return { list: [testCard()], total: 1 };
      }),
    );
    render(<MarketPanel />);
    const error = await screen.findByTestId('market-panel-error');
    expect(error).toHaveTextContent('应用市场没有加载出来');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('market-card-acme-report')).toBeInTheDocument();
  });

  it('asks every second while a job runs, stops when none does, and refreshes the console once the app is installed', async () => {
    market([testCard({ installStatus: 1, progress: 30 })], [testCard({ installStatus: 2, progress: 70 })], [installedCard()]);
    render(<MarketPanel />);
    const status = async () => within(await screen.findByTestId('market-card-acme-report')).getByTestId('market-card-status');
    await waitFor(async () => expect(await status()).toHaveTextContent('下载中'));
    expect(screen.getByTestId('market-card-progress')).toHaveTextContent('30%');
    await waitFor(async () => expect(await status()).toHaveTextContent('安装中'), { timeout: 3000 });
    expect(mockRefresh).not.toHaveBeenCalled();
    await waitFor(async () => expect(await status()).toHaveTextContent('已安装'), { timeout: 3000 });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
    const asked = sent(appListCall).length;
    expect(asked).toBe(3);
    await wait(1500);
    expect(sent(appListCall)).toHaveLength(asked);
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('does not poll when no job runs, but asks again on focus and when another market page says something changed', async () => {
    market([testCard()], [testCard({ installStatus: 1 })], [installedCard()]);
    render(<MarketPanel />);
    await screen.findByTestId('market-card-acme-report');
    await wait(1300);
    expect(sent(appListCall)).toHaveLength(1);
    act(() => postMarketEvent({ type: 'job-started', name: 'acme-report' }));
    await waitFor(() => expect(screen.getByTestId('market-card-status')).toHaveTextContent('下载中'));
    // The job runs: the next answer comes by polling (installed), and the console follows.
    await waitFor(() => expect(screen.getByTestId('market-card-status')).toHaveTextContent('已安装'), { timeout: 3000 });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
    const asked = sent(appListCall).length;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(sent(appListCall)).toHaveLength(asked + 1));
  });

  it('refreshes the console when an addon is uninstalled or changes version elsewhere', async () => {
    market([installedCard({ version: '1.1.0' })], [installedCard({ version: '1.2.0' })], [testCard()]);
    render(<MarketPanel />);
    await screen.findByTestId('market-card-acme-report');
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.getByTestId('market-card-status')).toHaveTextContent('未安装'));
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(2));
  });
});
