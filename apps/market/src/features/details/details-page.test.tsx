import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  appDetailsCall,
  appInstallCall,
  appJobCall,
  appRollbackCall,
  appStatusCall,
  appUninstallCall,
  appUpdateCall,
  type AppDetails,
  type AppJob,
  type CallContract,
} from '@uc/contracts';
import { call, refreshRegistryAndMenus, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerMarketMessages } from '../../locales';
import { MARKET_CHANNEL, type MarketEvent } from '../../lib/market-channel';
import { installFakeBroadcastChannel, testDetails, testJob } from '../../lib/market-test-data';
import { DetailsPage } from './details-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn(), refreshRegistryAndMenus: jest.fn(() => Promise.resolve([])) }));
const mockCall = call as jest.MockedFunction<typeof call>;
const mockRefresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;

const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: unknown });

/** The fake server: `details` is what app/details answers now, `jobs` what app/job answers in turn. */
let details: AppDetails;
let jobs: AppJob[];
let started: AppJob;
beforeEach(() => {
  details = testDetails();
  jobs = [];
  started = testJob();
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract) => {
      if (contract === appDetailsCall) return details;
      if (contract === appJobCall) return jobs.length > 1 ? jobs.shift() : jobs[0];
      if (contract === appInstallCall || contract === appUpdateCall || contract === appRollbackCall) return started;
      if (contract === appStatusCall || contract === appUninstallCall) return null;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

jest.setTimeout(30_000);
let events: MarketEvent[];
let uninstallChannel: () => void;
beforeAll(() => registerMarketMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  mockRefresh.mockClear();
  uninstallChannel = installFakeBroadcastChannel();
  events = [];
  const listener = new BroadcastChannel(MARKET_CHANNEL);
  listener.onmessage = (e) => events.push(e.data as MarketEvent);
});
afterEach(() => uninstallChannel());

const renderPage = (versionId = 'acme-report@1.2.0') =>
  render(
    <App>
      <AntdApiUi />
      <MemoryRouter initialEntries={[`/addons/market/details/${encodeURIComponent(versionId)}`]}>
        <Routes>
          <Route path="/addons/market/details/:versionId" element={<DetailsPage />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );

const readOnlyUser = () => useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [] }) });
const ACTIONS = [
  'market-action-install',
  'market-action-update',
  'market-action-update-newest',
  'market-action-enabled',
  'market-action-uninstall',
  'market-action-purge',
];

describe('DetailsPage', () => {
  it('shows the addon: who made it, what it adds, what it needs, and its versions with their notes', async () => {
    details = testDetails({ screenshots: ['/user/web/remotes/addons/acme-report/1.2.0/files/screenshots/list.png'] });
    renderPage();
    expect(await screen.findByTestId('market-details-title')).toHaveTextContent('报表');
    expect(sent(appDetailsCall)[0]?.query).toEqual({ versionId: 'acme-report@1.2.0' });
    expect(screen.getByTestId('market-details-status')).toHaveTextContent('未安装');
    expect(screen.getByTestId('market-details-homepage')).toHaveAttribute('href', 'https://acme.example/report');
    expect(screen.getByTestId('market-details-homepage')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('market-details-description')).toHaveTextContent('按月汇总的报表');
    expect(screen.getByTestId('market-details-local-version')).toHaveTextContent('未安装');
    expect(within(screen.getByTestId('market-details-pages')).getByText('月报')).toBeInTheDocument();
    expect(screen.getByTestId('market-details-shared')).toHaveTextContent('react ^19.1.0');
    expect(screen.getByTestId('market-details-screenshots').querySelector('img')).toHaveAttribute('src', details.screenshots[0]);
    const notes = screen.getByTestId('market-changelog-1.2.0');
    expect(notes).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(notes.textContent).toBe('## 1.2.0\n- Faster');
    expect(within(notes.closest('tr')!).getByText('可安装')).toBeInTheDocument();
  });

  it("shows one of the console's own areas as built in: its pages, its build, no action even for the super administrator", async () => {
    details = testDetails({
      name: 'org',
      versionId: 'org@0.1.0-f7b2e9a5',
      title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
      builtIn: true,
      installStatus: 3,
      localVersion: '0.1.0-f7b2e9a5',
      version: '0.1.0-f7b2e9a5',
      enabled: true,
      author: '',
      homepage: '',
      pages: [{ path: '/org/user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' } }],
      versions: [{ versionId: 'org@0.1.0-f7b2e9a5', version: '0.1.0-f7b2e9a5', changelog: '', available: false, kept: false, current: true, size: 0 }],
      viewedVersion: '0.1.0-f7b2e9a5',
    });
    renderPage('org@0.1.0-f7b2e9a5');
    expect(await screen.findByTestId('market-details-title')).toHaveTextContent('组织管理');
    expect(screen.getByTestId('market-details-status')).toHaveTextContent('已安装');
    expect(screen.getByTestId('market-details-built-in')).toHaveTextContent('这是控制台自带的功能');
    expect(screen.getAllByText('控制台自带 · 版本 0.1.0-f7b2e9a5')).toHaveLength(1);
    expect(within(screen.getByTestId('market-details-pages')).getByText('用户管理')).toBeInTheDocument();
    for (const id of ACTIONS) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('is read-only for whom holds none of the market calls', async () => {
    readOnlyUser();
    details = testDetails({
      installStatus: 3,
      localVersion: '1.1.0',
      enabled: true,
      updateStatus: 1,
      versions: testDetails().versions.map((v) => ({ ...v, kept: true })),
    });
    renderPage();
    await screen.findByTestId('market-details-title');
    for (const id of ACTIONS) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.queryByTestId('market-action-rollback-1.1.0')).toBeNull();
  });

  it('installs and follows the job to 已安装, then refreshes the console and tells the other market pages', async () => {
    started = testJob({ installStatus: 1, progress: 0 });
    jobs = [
      testJob({ installStatus: 1, progress: 40 }),
      testJob({ installStatus: 2, progress: 80 }),
      testJob({ installStatus: 3, progress: 100, finishedAt: '2026-03-01T08:00:05.000Z' }),
    ];
    renderPage();
    fireEvent.click(await screen.findByTestId('market-action-install'));
    await waitFor(() => expect(sent(appInstallCall)[0]?.body).toEqual({ versionId: 'acme-report@1.2.0' }));
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('下载中'));
    expect(screen.getByTestId('market-action-install')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('安装中'), { timeout: 4000 });
    expect(screen.getByTestId('market-job-progress')).toHaveTextContent('80%');
    details = testDetails({ installStatus: 3, localVersion: '1.2.0', enabled: true, progress: 100 });
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('已安装'), { timeout: 4000 });
    expect(sent(appJobCall)[0]?.query).toEqual({ name: 'acme-report' });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('已安装 1.2.0')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('market-details-local-version')).toHaveTextContent('1.2.0'));
    expect(events).toEqual([
      { type: 'job-started', name: 'acme-report' },
      { type: 'job-finished', name: 'acme-report' },
    ]);
    // Finished: no more asking.
    const asked = sent(appJobCall).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(sent(appJobCall)).toHaveLength(asked);
  });

  it('says why a job failed', async () => {
    started = testJob({ installStatus: 1 });
    jobs = [testJob({ installStatus: -1, error: 'The package checksum does not match the catalogue', finishedAt: '2026-03-01T08:00:05.000Z' })];
    renderPage();
    fireEvent.click(await screen.findByTestId('market-action-install'));
    expect(await screen.findByTestId('market-job-error', {}, { timeout: 4000 })).toHaveTextContent('The package checksum does not match the catalogue');
    expect(screen.getByTestId('market-job-status')).toHaveTextContent('安装失败');
    expect(mockRefresh).not.toHaveBeenCalled();
  });

  it('shows a refusal and follows nothing when the server will not start the job', async () => {
    mockCall.mockImplementation(
      servedBy((contract) => {
        if (contract === appDetailsCall) return details;
        throw new Refusal('A job of acme-report is running: wait until its card shows the result');
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('market-action-install'));
    expect(await screen.findByText('A job of acme-report is running: wait until its card shows the result')).toBeInTheDocument();
    expect(screen.queryByTestId('market-job-status')).toBeNull();
    expect(events).toEqual([]);
  });

  it('picks up a job that runs when the page opens', async () => {
    details = testDetails({ installStatus: 2, progress: 50 });
    jobs = [testJob({ installStatus: 2, progress: 90 }), testJob({ installStatus: 3, progress: 100, finishedAt: '2026-03-01T08:00:05.000Z' })];
    renderPage();
    expect(await screen.findByTestId('market-details-progress')).toHaveTextContent('50%');
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('安装中'), { timeout: 4000 });
    details = testDetails({ installStatus: 3, localVersion: '1.2.0', enabled: true, progress: 100 });
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('已安装'), { timeout: 4000 });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
  });

  it('lets whom cannot ask for the job watch it through the details', async () => {
    readOnlyUser();
    details = testDetails({ installStatus: 1, progress: 20 });
    renderPage();
    expect(await screen.findByTestId('market-details-progress')).toHaveTextContent('20%');
    details = testDetails({ installStatus: 3, localVersion: '1.2.0', enabled: true, progress: 100 });
    await waitFor(() => expect(screen.getByTestId('market-details-status')).toHaveTextContent('已安装'), { timeout: 4000 });
    expect(sent(appJobCall)).toHaveLength(0);
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
  });

  it('updates, rolls back, switches and uninstalls an installed addon', async () => {
    const versions = [
      { versionId: 'acme-report@1.3.0', version: '1.3.0', changelog: '', available: true, kept: false, current: false, size: 0 },
      { versionId: 'acme-report@1.2.0', version: '1.2.0', changelog: '', available: true, kept: true, current: true, size: 0 },
      { versionId: 'acme-report@1.1.0', version: '1.1.0', changelog: '', available: false, kept: true, current: false, size: 0 },
    ];
    details = testDetails({
      installStatus: 3,
      localVersion: '1.2.0',
      enabled: true,
      updateStatus: 1,
      version: '1.3.0',
      versionId: 'acme-report@1.3.0',
      versions,
      viewedVersion: '1.2.0',
    });
    started = testJob({ kind: 'rollback', version: '1.1.0', installStatus: 3, progress: 100, finishedAt: '2026-03-01T08:00:01.000Z' });
    renderPage();

    // Viewing the installed version: no update to it, but to the newest; roll back to the kept 1.1.0 only.
    expect(await screen.findByTestId('market-action-update-newest')).toHaveTextContent('更新到最新版 1.3.0');
    expect(screen.queryByTestId('market-action-update')).toBeNull();
    expect(screen.queryByTestId('market-action-install')).toBeNull();
    expect(screen.queryByTestId('market-action-rollback-1.2.0')).toBeNull();
    expect(screen.queryByTestId('market-action-rollback-1.3.0')).toBeNull();

    fireEvent.click(screen.getByTestId('market-action-rollback-1.1.0'));
    await waitFor(() => expect(sent(appRollbackCall)[0]?.body).toEqual({ name: 'acme-report', version: '1.1.0' }));
    expect(await screen.findByText('已回滚到 1.1.0')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);

    started = testJob({ kind: 'update', version: '1.3.0', installStatus: 1 });
    jobs = [
      testJob({
        kind: 'update',
        version: '1.3.0',
        installStatus: 3,
        progress: 100,
        startedAt: '2026-03-01T09:00:00.000Z',
        finishedAt: '2026-03-01T09:00:03.000Z',
      }),
    ];
    fireEvent.click(screen.getByTestId('market-action-update-newest'));
    await waitFor(() => expect(sent(appUpdateCall)[0]?.body).toEqual({ name: 'acme-report', versionId: 'acme-report@1.3.0' }));
    expect(await screen.findByText('已更新到 1.3.0', {}, { timeout: 4000 })).toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('market-action-enabled')).getByRole('switch'));
    await waitFor(() => expect(sent(appStatusCall)[0]?.body).toEqual({ name: 'acme-report', enabled: false }));
    await waitFor(() => expect(events).toContainEqual({ type: 'status', name: 'acme-report' }));

    fireEvent.click(screen.getByTestId('market-action-uninstall'));
    fireEvent.click(await screen.findByTestId('market-action-uninstall-ok'));
    await waitFor(() => expect(sent(appUninstallCall)[0]?.body).toEqual({ name: 'acme-report' }));
    await waitFor(() => expect(events).toContainEqual({ type: 'uninstalled', name: 'acme-report' }));
  });

  it('offers an update to the version viewed when another is installed', async () => {
    details = testDetails({ installStatus: 3, localVersion: '1.1.0', enabled: true, updateStatus: 1 });
    started = testJob({ kind: 'update', installStatus: 1 });
    jobs = [testJob({ kind: 'update', installStatus: 3, progress: 100, finishedAt: '2026-03-01T08:00:05.000Z' })];
    renderPage();
    fireEvent.click(await screen.findByTestId('market-action-update'));
    await waitFor(() => expect(sent(appUpdateCall)[0]?.body).toEqual({ name: 'acme-report', versionId: 'acme-report@1.2.0' }));
    await waitFor(() => expect(screen.getByTestId('market-job-status')).toHaveTextContent('已安装'), { timeout: 4000 });
  });

  it('says so when the address names no valid version', async () => {
    renderPage('not a version');
    expect(await screen.findByTestId('market-details-not-found')).toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();
  });
});
