import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { dashboardMonitorCall } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { testMonitor } from './dashboard-test-data';
import { MONITOR_REFRESH_MS, MonitorPage } from './monitor-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
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

  it("says what the hour's figures and the database's count, with translated latency titles", async () => {
    renderPage();
    const hour = await screen.findByTestId('monitor-hour');
    expect(hour).toHaveTextContent('本进程最近 60 分钟应答的接口调用');
    expect(within(hour).getByText('中位耗时 (p50)')).toBeInTheDocument();
    expect(within(hour).getByText('p99 耗时')).toBeInTheDocument();
    expect(screen.getByTestId('monitor-database')).toHaveTextContent('pg_database_size');
    expect(within(screen.getByTestId('monitor-database')).getByText('最慢的接口')).toBeInTheDocument();
  });

  it('lists the slowest SQL statements, cut to a line, the whole text in the row opened', async () => {
    renderPage();
    const table = await screen.findByTestId('monitor-slow-statements');
    expect(within(table).getByText('最慢的 SQL 语句')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['语句', '调用次数', '平均', 'p99', '最大']));
    const sql = 'select "id", "username" from "users" where ("users"."tenant_id" = $1 and "users"."deleted_at" is null) order by "users"."id" desc limit $2';
    const row = within(table).getByText(sql).closest('tr')!;
    expect(within(row).getByText(sql).closest('td')).toHaveClass('ant-table-cell-ellipsis');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(-4)
        .map((c) => c.textContent),
    ).toEqual(['61', '1.8 ms', '9.5 ms', '1,234.5 ms']);
    fireEvent.click(row);
    // The opened row holds the statement as sent, wrapped over as many lines as it takes.
    expect(await within(table).findAllByText(sql)).toHaveLength(2);
  });

  it('says so when no statement was measured yet', async () => {
    mockCall.mockImplementation(
      servedBy(() => {
        const data = testMonitor();
        return { ...data, database: { ...data.database, slowestStatements: [] } };
      }),
    );
    renderPage();
    expect(await within(await screen.findByTestId('monitor-slow-statements')).findByText('还没有测到 SQL 语句')).toBeInTheDocument();
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
