import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { BATCH_MAX_IDS, memberDeleteBatchCall, memberStatusBatchCall, type BatchResult, type BatchRowResult } from '@uc/contracts';
import { call, setLocale, TenantScope, useSession } from '@uc/client';
import { testUser } from '@uc/testing';
import { AntdApiUi } from './antd-api-ui';
import { runBatch, useBatchActions, type BatchAction } from './batch-actions';
import { ListTable } from './list-table';
import type { ListQueryResult } from './use-list-query';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

interface Row {
  id: number;
  name: string;
  tenantId?: number;
}

const rowsOf = (n: number, from = 1): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `user ${from + i}` }));
const query = (rows: Row[]): ListQueryResult<Row> => ({
  page: 1,
  pageSize: 10,
  keyword: '',
  filter: [],
  rows,
  total: rows.length,
  totalExact: true,
  hasNext: false,
  loading: false,
  error: null,
  setPage: jest.fn(),
  setSort: jest.fn(),
  setKeyword: jest.fn(),
  setFilter: jest.fn(),
  reload: jest.fn(),
});
/** What the fake server answers: every id done except the refused ones, with their reasons. */
const answering =
  (refused: Record<number, string> = {}) =>
  async (_contract: unknown, options?: { body?: unknown }): Promise<never> => {
    const { ids } = options!.body as { ids: number[] };
    const results: BatchRowResult[] = ids.map((id) =>
      refused[id] ? { id, done: false, status: 403, message: refused[id]! } : { id, done: true, status: 200, message: '' },
    );
    const done = results.filter((r) => r.done).length;
    return { results, done, refused: results.length - done } satisfies BatchResult as never;
  };

const DISABLE: BatchAction<Row> = { key: 'disable', label: '批量停用', call: memberStatusBatchCall, body: { status: 2 } };
const DELETE: BatchAction<Row> = { key: 'delete', label: '移入回收站', call: memberDeleteBatchCall, danger: true };

function Page({ rows, actions, onDone = () => undefined }: { rows: Row[]; actions: BatchAction<Row>[]; onDone?: () => void }) {
  const batch = useBatchActions<Row>({ actions, idOf: (r) => r.id, labelOf: (r) => r.name, tenantOf: (r) => r.tenantId, onDone });
  return (
    <ListTable<Row>
      query={query(rows)}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      rowKey="id"
      rowSelection={batch.rowSelection}
      above={batch.bar}
    />
  );
}
const renderPage = (props: Parameters<typeof Page>[0]) =>
  render(
    <App>
      <AntdApiUi />
      <Page {...props} />
    </App>,
  );
const checkbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');
/** The confirmation asking `title`; its OK button runs the action. */
const confirmOk = async (title: string, ok: string) =>
  fireEvent.click(
    within((await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!).getByText(ok, {
      selector: 'button span',
    }),
  );
const bar = () => screen.queryByRole('region', { name: /批量操作|Batch actions/ });

describe('useBatchActions', () => {
  beforeEach(() => {
    mockCall.mockReset();
    setLocale('zh-CN');
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: ['/user/admin/member/status'] }) });
  });
  afterAll(() => setLocale('zh-CN'));

  it('offers row selection and the actions the user may use; none when they may use none', () => {
    const { unmount } = renderPage({ rows: rowsOf(3), actions: [DISABLE, DELETE] });
    expect(bar()).toBeNull();
    // Each checkbox is named after its row, in the reader's language.
    expect(checkbox('user 1')).toHaveAccessibleName('选择 user 1');
    // And the header's select-all box (antd names it 'Select all' in every locale).
    expect(screen.getByRole('checkbox', { name: '全选本页' })).toBeInTheDocument();
    fireEvent.click(checkbox('user 1'));
    fireEvent.click(checkbox('user 3'));
    expect(within(bar()!).getByText('已选择 2 项')).toBeInTheDocument();
    // member/status is held, member/delete is not: its batch button is not shown.
    expect(within(bar()!).getByText('批量停用')).toBeInTheDocument();
    expect(within(bar()!).queryByText('移入回收站')).toBeNull();
    fireEvent.click(within(bar()!).getByText('取消选择'));
    expect(bar()).toBeNull();
    unmount();
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [] }) });
    renderPage({ rows: rowsOf(3), actions: [DISABLE, DELETE] });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it.each([
    ['zh-CN', '确定对选中的 3 项执行“批量停用”？', '批量停用的结果', '已完成 2 项，1 项未执行，原因如下：', '知道了'],
    ['en-US', 'Apply “批量停用” to the 3 selected rows?', 'Result of “批量停用”', '2 done, 1 not done, for these reasons:', 'OK'],
  ])('asks naming the count, sends one call, and lists each refused row with why (%s)', async (locale, confirm, title, summary, close) => {
    setLocale(locale);
    mockCall.mockImplementation(answering({ 2: '不能停用自己的账号' }) as never);
    const onDone = jest.fn();
    renderPage({ rows: rowsOf(3), actions: [DISABLE], onDone });
    for (const name of ['user 1', 'user 2', 'user 3']) fireEvent.click(checkbox(name));
    fireEvent.click(within(bar()!).getByText('批量停用'));
    await confirmOk(confirm, '批量停用');
    const result = (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;
    expect(within(result).getByText(summary)).toBeInTheDocument();
    expect(within(result).getByText('user 2')).toBeInTheDocument();
    expect(within(result).getByText('不能停用自己的账号')).toBeInTheDocument();
    expect(within(result).queryByText('user 1')).toBeNull();
    expect(mockCall).toHaveBeenCalledTimes(1);
    expect(mockCall.mock.calls[0]![1]).toEqual({ body: { status: 2, ids: [1, 2, 3] } });
    expect(onDone).toHaveBeenCalledTimes(1);
    // The selection is cleared after the run.
    expect(bar()).toBeNull();
    fireEvent.click(within(result).getByText(close));
  });

  it('only says so when every row was done', async () => {
    mockCall.mockImplementation(answering() as never);
    renderPage({ rows: rowsOf(2), actions: [DISABLE] });
    fireEvent.click(checkbox('user 1'));
    fireEvent.click(within(bar()!).getByText('批量停用'));
    await confirmOk('确定对选中的 1 项执行“批量停用”？', '批量停用');
    expect(await screen.findByText('批量停用：1 项已完成')).toBeInTheDocument();
  });

  it('takes its body from a dialog of its own, which stands for the confirmation; cancelling it sends nothing', async () => {
    mockCall.mockImplementation(answering() as never);
    const ask = jest.fn<Promise<Record<string, unknown> | undefined>, [Row[]]>().mockResolvedValueOnce(undefined).mockResolvedValueOnce({ deptId: 7 });
    renderPage({ rows: rowsOf(2), actions: [{ key: 'dept', label: '设置部门', call: memberStatusBatchCall, body: ask }] });
    fireEvent.click(checkbox('user 2'));
    fireEvent.click(within(bar()!).getByText('设置部门'));
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    expect(mockCall).not.toHaveBeenCalled();
    fireEvent.click(within(bar()!).getByText('设置部门'));
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(1));
    expect(ask.mock.calls[1]![0]).toEqual([{ id: 2, name: 'user 2' }]);
    expect(mockCall.mock.calls[0]![1]).toEqual({ body: { deptId: 7, ids: [2] } });
  });
});

describe('runBatch', () => {
  beforeEach(() => mockCall.mockReset());

  it(`sends a long selection in calls of ${BATCH_MAX_IDS}, one tenant at a time, and reports progress`, async () => {
    mockCall.mockImplementation(answering({ 150: 'refused' }) as never);
    const rows = [...rowsOf(230), ...rowsOf(3, 1000).map((r) => ({ ...r, tenantId: 9 }))];
    const progress: [number, number][] = [];
    const out = await runBatch({
      call: memberStatusBatchCall,
      rows,
      idOf: (r) => r.id,
      tenantOf: (r) => r.tenantId,
      body: { status: 2 },
      notSent: 'not sent',
      onProgress: (a, b) => progress.push([a, b]),
    });
    expect(mockCall.mock.calls.map(([, o]) => [(o as { body: { ids: number[] } }).body.ids.length, (o as { tenant?: number }).tenant])).toEqual([
      [100, undefined],
      [100, undefined],
      [30, undefined],
      [3, 9],
    ]);
    expect(progress).toEqual([
      [100, 233],
      [200, 233],
      [230, 233],
      [233, 233],
    ]);
    expect(out.filter((o) => !o.result.done).map((o) => [o.row.id, o.result.message])).toEqual([[150, 'refused']]);
  });

  it('stops at a call that fails as a whole and reports its rows and the rest as not sent', async () => {
    mockCall.mockImplementationOnce(answering() as never).mockRejectedValueOnce(new Error('network'));
    const out = await runBatch({
      call: memberStatusBatchCall,
      rows: rowsOf(250),
      idOf: (r) => r.id,
      tenantOf: () => undefined,
      body: { status: 2 },
      notSent: 'not sent',
    });
    expect(mockCall).toHaveBeenCalledTimes(2);
    expect(out.filter((o) => o.result.done)).toHaveLength(100);
    expect(out.filter((o) => o.result.message === 'not sent')).toHaveLength(150);
  });

  it('acts in the page’s tenant scope when a row names none', async () => {
    mockCall.mockImplementation(answering() as never);
    function Scoped() {
      const batch = useBatchActions<Row>({ actions: [DISABLE], idOf: (r) => r.id, labelOf: (r) => r.name, onDone: () => undefined });
      return (
        <ListTable<Row>
          query={query(rowsOf(1))}
          columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
          rowKey="id"
          rowSelection={batch.rowSelection}
          above={batch.bar}
        />
      );
    }
    render(
      <App>
        <AntdApiUi />
        <TenantScope tenantId={42}>
          <Scoped />
        </TenantScope>
      </App>,
    );
    fireEvent.click(checkbox('user 1'));
    fireEvent.click(within(bar()!).getByText('批量停用'));
    await confirmOk('确定对选中的 1 项执行“批量停用”？', '批量停用');
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(1));
    expect(mockCall.mock.calls[0]![1]).toEqual({ body: { status: 2, ids: [1] }, tenant: 42 });
  });
});
