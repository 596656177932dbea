import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { dashboardAnalysisCall, tenantOptionCall, type CallContract, type DashboardAnalysis } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testUser } from '@uc/testing';
import { AntdApiUi, lastDays } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { browserTimeZone } from './analysis-query';
import { AnalysisPage } from './analysis-page';
import { testAnalysis } from './dashboard-test-data';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
// jsdom has no canvas: the drawing is replaced; the table view shows the same figures.
jest.mock('./chart-canvas', () => ({ __esModule: true, default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
const mockCall = call as jest.MockedFunction<typeof call>;

const sent = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { query?: Record<string, unknown> });

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());

const serve = (answer: (query: Record<string, unknown>) => DashboardAnalysis) =>
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === dashboardAnalysisCall) return answer((options?.query ?? {}) as Record<string, unknown>);
      if (contract === tenantOptionCall)
        return {
          list: [
            { id: 1, name: '平台', code: 'platform', isPlatform: true, status: 1 },
            { id: 7, name: '星河科技', code: 'xinghe', isPlatform: false, status: 1 },
          ],
        };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );

afterEach(() => jest.useRealTimers());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [dashboardAnalysisCall.path] }), adminMenu: [] });
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <App>
        <AntdApiUi />
        <AnalysisPage />
      </App>
    </MemoryRouter>,
  );

/** The table view of a chart card, as rows of cell texts. */
async function tableOf(testId: string): Promise<string[][]> {
  const card = await screen.findByTestId(testId);
  fireEvent.click(within(card).getByText('表格'));
  const rows = await within(card).findAllByRole('row');
  return rows
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    )
    .filter((cells) => cells.length > 0);
}

describe('AnalysisPage', () => {
  it("asks for the last 30 days in the reader's time zone and shows each chart's figures in its table view", async () => {
    serve(() => testAnalysis());
    renderPage();
    await waitFor(() => expect(sent(dashboardAnalysisCall)[0]?.query).toEqual({ ...lastDays(30), timezone: browserTimeZone() }));
    expect(await screen.findByText('统计范围：星河科技')).toBeInTheDocument();
    expect(within(screen.getByTestId('analysis-users')).getByText('95')).toBeInTheDocument();
    // Every chart says what it counts, and is drawn until its table is asked for.
    const signIns = screen.getByTestId('analysis-sign-ins');
    expect(within(signIns).getByText('每天的登录尝试次数（来自登录日志），成功与失败叠加显示')).toBeInTheDocument();
    expect(await within(signIns).findByRole('img')).toBeInTheDocument();
    expect(await tableOf('analysis-sign-ins')).toEqual([
      ['2026-03-01', '10', '1'],
      ['2026-03-02', '12', '0'],
      ['2026-03-03', '31', '4'],
    ]);
    // New users stacked by how they came: self-registered, and the rest (count − registered), then the total.
    const registrations = screen.getByTestId('analysis-registrations');
    expect(within(registrations).getByText(/自行注册（注册页，含邀请码）与管理员新增、导入或随租户创建的/)).toBeInTheDocument();
    expect(await tableOf('analysis-registrations')).toEqual([
      ['2026-03-01', '2', '0', '2'],
      ['2026-03-02', '0', '0', '0'],
      ['2026-03-03', '3', '2', '5'],
    ]);
    expect(
      within(registrations)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['日期', '自行注册', '管理员新增或导入', '合计']);
    expect((await tableOf('analysis-methods'))[0]).toEqual(['账号密码', '55', '50', '5']);
    expect((await tableOf('analysis-methods')).at(-1)).toEqual(['sso-x', '1', '1', '0']);
    expect(await tableOf('analysis-balance')).toEqual([
      ['2026-03-01', '100.00', '0.00', '1'],
      ['2026-03-02', '0.00', '30.25', '1'],
      ['2026-03-03', '12.50', '0.00', '2'],
    ]);
    expect(await tableOf('analysis-quota')).toEqual([
      ['用户', '120', '200', '60%'],
      ['部门', '12', '不限', '–'],
      ['角色', '10', '10', '100%'],
    ]);
    // A tenant's caller: no ranking of tenants, no tenant picker.
    expect(screen.queryByTestId('analysis-top-tenants')).toBeNull();
    expect(screen.queryByLabelText('选择租户')).toBeNull();
  });

  it('asks again for the preset picked: the last 7 days', async () => {
    serve(() => testAnalysis());
    renderPage();
    await screen.findByTestId('analysis-sign-ins');
    const start = screen.getAllByRole('textbox')[0]!;
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('最近 7 天'));
    await waitFor(() => expect(sent(dashboardAnalysisCall).at(-1)?.query).toMatchObject(lastDays(7)));
  });

  it('moves a preset range to the new day when the page gets the focus after midnight, and at midnight while it stays in view', async () => {
    // 23:50 on 4 March, the browser's clock: the default range is the 30 days ending that day.
    jest.useFakeTimers({ now: new Date(2026, 2, 4, 23, 50), doNotFake: ['queueMicrotask', 'nextTick'] });
    serve(() => testAnalysis());
    renderPage();
    await waitFor(() => expect(sent(dashboardAnalysisCall).at(-1)?.query).toMatchObject({ from: '2026-02-03', to: '2026-03-04' }));
    await screen.findByTestId('analysis-sign-ins');
    const asked = sent(dashboardAnalysisCall).length;
    // Focus on the same day asks nothing again.
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(sent(dashboardAnalysisCall)).toHaveLength(asked);

    // The machine slept through midnight (no timer ran): the focus finds a new day.
    jest.setSystemTime(new Date(2026, 2, 5, 8, 30));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(sent(dashboardAnalysisCall).at(-1)?.query).toMatchObject({ from: '2026-02-04', to: '2026-03-05' }));
    expect(screen.getByDisplayValue('2026-03-05')).toBeInTheDocument();

    // Left open in view: the next midnight moves it without a focus.
    await act(async () => jest.advanceTimersByTime(16 * 3_600_000));
    await waitFor(() => expect(sent(dashboardAnalysisCall).at(-1)?.query).toMatchObject({ from: '2026-02-05', to: '2026-03-06' }));
  });

  it('lets the platform pick one tenant instead of every tenant, and ranks tenants by users', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: true }) });
    serve((query) =>
      testAnalysis({
        scope: query.tenantId ? { tenantId: 7, tenantName: '星河科技' } : { tenantId: null, tenantName: null },
        quota: query.tenantId ? testAnalysis().quota : null,
        topTenants: [
          { tenantId: 7, name: '星河科技', users: 120 },
          { tenantId: 1, name: '平台', users: 3 },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByText('统计范围：全部租户')).toBeInTheDocument();
    expect(await tableOf('analysis-top-tenants')).toEqual([
      ['星河科技', '120'],
      ['平台', '3'],
    ]);
    expect(screen.queryByTestId('analysis-quota')).toBeNull();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '选择租户' }));
    fireEvent.click((await screen.findAllByTitle('星河科技')).at(-1)!);
    await waitFor(() => expect(sent(dashboardAnalysisCall).at(-1)?.query).toMatchObject({ tenantId: 7 }));
    expect(await screen.findByTestId('analysis-quota')).toBeInTheDocument();
    expect(screen.getByTestId('analysis-scope')).toHaveTextContent('统计范围：星河科技');
  });
});
