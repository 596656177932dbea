import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { call, dashboardMonitorCall, setLocale, useSession } from '@uc/shared';
import { servedBy, testUser } from '@uc/shared/testing';
import { AntdApiUi } from '@uc/shared/ui';
import { registerHomeMessages } from '../../locales';
import { testMonitor } from './dashboard-test-data';
import { MONITOR_REFRESH_MS, MonitorPage } from './monitor-page';

jest.mock('@uc/shared', () => ({ ...jest.requireActual('@uc/shared'), call: jest.fn() }));
jest.mock('./chart-canvas', () => ({ __esModule: true, default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
const mockCall = call as jest.MockedFunction<typeof call>;
const asked = () => mockCall.mock.calls.filter(([c]) => c === dashboardMonitorCall).length;

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });

beforeEach(() => {
  setLocale('zh-CN');
  visibility = 'visible';
  mockCall.mockReset();
  useSession.setState({ status: 'ready', currentUser: testUser() });
  let sessions = 4;
  mockCall.mockImplementation(
    servedBy((contract) => {
      if (contract === dashboardMonitorCall) return testMonitor({ sessions: { active: 9, recent: sessions++ } });
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});
afterEach(() => jest.useRealTimers());

const renderPage = () =>
  render(
    <MemoryRouter>
      <App>
        <AntdApiUi />
        <MonitorPage />
      </App>
    </MemoryRouter>,
  );

describe('MonitorPage', () => {
  it('shows every registered remote with its version and whether its manifest answers', async () => {
    renderPage();
    const remotes = await screen.findByTestId('monitor-remotes');
    const row = (name: string) => within(remotes).getByText(name).closest('tr')!;
    expect(within(row('org')).getByText('0.1.0-1a2b3c4d')).toBeInTheDocument();
    expect(within(row('org')).getByText('正常')).toBeInTheDocument();
    expect(within(row('reports')).getByText('2.0.0')).toBeInTheDocument();
    expect(within(row('reports')).getByText('返回错误 502')).toBeInTheDocument();
    expect(within(row('reports')).getByText('未启用')).toBeInTheDocument();
  });

  it('shows the process, the database and the per-minute figures, each chart with a table view', async () => {
    renderPage();
    expect(await screen.findByTestId('monitor-uptime')).toHaveTextContent('3 天 4 小时 5 分');
    expect(screen.getByTestId('monitor-rss')).toHaveTextContent('150 MB');
    expect(screen.getByTestId('monitor-database')).toHaveTextContent('内嵌 PGlite');
    expect(screen.getByTestId('monitor-database')).toHaveTextContent('GET /user/admin/member/list');
    const latency = screen.getByTestId('monitor-latency');
    fireEvent.click(within(latency).getByText('表格'));
    const cells = (await within(latency).findAllByRole('row')).map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
    // A minute without calls has no latency: a dash, not a zero.
    expect(cells.filter((c) => c.length > 0).map((c) => c.slice(1))).toEqual([
      ['–', '–'],
      ['3 ms', '18 ms'],
    ]);
  });

  it('asks again every few seconds while the page is in view, not while it is hidden, and at once when it is back', async () => {
    jest.useFakeTimers();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('monitor-sessions')).toHaveTextContent('4'));
    expect(asked()).toBe(1);
    await act(async () => jest.advanceTimersByTime(MONITOR_REFRESH_MS));
    await waitFor(() => expect(screen.getByTestId('monitor-sessions')).toHaveTextContent('5'));
    expect(asked()).toBe(2);

    setVisibility('hidden');
    await act(async () => jest.advanceTimersByTime(MONITOR_REFRESH_MS * 4));
    expect(asked()).toBe(2);
    expect(screen.getByTestId('monitor-refreshed')).toHaveTextContent('已暂停刷新');

    setVisibility('visible');
    await waitFor(() => expect(screen.getByTestId('monitor-sessions')).toHaveTextContent('6'));
    expect(asked()).toBe(3);
  });
});
