import { fireEvent, render, screen, within } from '@testing-library/react';
import { setLocale } from '@uc/client';
import { ListTable, pagerTotal } from './list-table';
import { densityStorageKey } from './table-settings';
import type { ListQueryResult } from './use-list-query';

interface Row {
  id: number;
  name: string;
}

const query = (over: Partial<ListQueryResult<Row>>): ListQueryResult<Row> => ({
  page: 1,
  pageSize: 10,
  keyword: '',
  filter: [],
  rows: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` })),
  total: 10_000,
  totalExact: false,
  hasNext: true,
  loading: false,
  error: null,
  setPage: jest.fn(),
  setSort: jest.fn(),
  setKeyword: jest.fn(),
  setFilter: jest.fn(),
  reload: jest.fn(),
  ...over,
});
const columns = [{ key: 'name', dataIndex: 'name', title: 'Name' }];

describe('ListTable totals', () => {
  afterAll(() => setLocale('zh-CN'));

  it.each([
    ['en-US', 'More than 10,000 items'],
    ['zh-CN', '超过 10,000 条'],
  ])('says "more than" when the server did not count past its cap (%s)', (locale, text) => {
    setLocale(locale);
    render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('shows an exact total as before', () => {
    setLocale('en-US');
    render(<ListTable<Row> query={query({ total: 42, totalExact: true, hasNext: true })} columns={columns} rowKey="id" />);
    expect(screen.getByText('Total: 42')).toBeInTheDocument();
  });
});

describe('ListTable empty list and rows', () => {
  it('says what to do when the list is empty, instead of the bare 暂无数据', () => {
    setLocale('zh-CN');
    const { unmount } = render(<ListTable<Row> query={query({ rows: [], total: 0, totalExact: true, hasNext: false })} columns={columns} rowKey="id" />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    unmount();
    render(
      <ListTable<Row> query={query({ rows: [], total: 0, totalExact: true, hasNext: false })} columns={columns} rowKey="id" emptyText="点“新增”写第一条" />,
    );
    expect(screen.getByText('点“新增”写第一条')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('hands each row its props (a click that opens it)', () => {
    const opened: number[] = [];
    render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" onRow={(row) => ({ onClick: () => opened.push(row.id) })} />);
    fireEvent.click(screen.getByText('row 3'));
    expect(opened).toEqual([3]);
  });
});

describe('ListTable density and full screen', () => {
  afterEach(() => localStorage.clear());
  afterAll(() => setLocale('zh-CN'));
  const table = () => document.querySelector('.ant-table')!;

  it.each([
    ['zh-CN', '表格密度', '紧凑'],
    ['en-US', 'Density', 'Compact'],
  ])('offers density beside reload, kept per table in local storage (%s)', async (locale, density, compact) => {
    setLocale(locale);
    const { unmount } = render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" tableKey="test.list" />);
    expect(table()).not.toHaveClass('ant-table-small');
    fireEvent.click(screen.getByRole('button', { name: density }));
    fireEvent.click(await screen.findByText(compact));
    expect(table()).toHaveClass('ant-table-small');
    expect(localStorage.getItem(densityStorageKey('test.list'))).toBe('small');
    unmount();
    // Read back on the next visit; another table keeps its own.
    const again = render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" tableKey="test.list" />);
    expect(table()).toHaveClass('ant-table-small');
    again.unmount();
    render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" tableKey="test.other" />);
    expect(table()).not.toHaveClass('ant-table-small');
  });

  it.each([
    ['zh-CN', '全屏', '退出全屏'],
    ['en-US', 'Full screen', 'Exit full screen'],
  ])('lays the list over the whole window in full screen, and back (%s)', (locale, enter, exit) => {
    setLocale(locale);
    const requestFullscreen = jest.fn(() => Promise.resolve());
    Object.defineProperty(document.documentElement, 'requestFullscreen', { value: requestFullscreen, configurable: true });
    render(<ListTable<Row> query={query({})} columns={columns} rowKey="id" />);
    const frame = screen.getByText('row 1').closest<HTMLElement>('[class*="ant-flex-vertical"]')!;
    expect(frame.style.position).toBe('');
    fireEvent.click(screen.getByRole('button', { name: enter }));
    expect(frame).toHaveStyle({ position: 'fixed', zIndex: '999' });
    // The page itself goes full screen (not the list), so antd's dialogs and menus still show.
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    const leave = screen.getByRole('button', { name: exit });
    expect(leave).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(leave);
    expect(frame.style.position).toBe('');
    expect(within(frame).getByRole('button', { name: enter })).toBeInTheDocument();
    delete (document.documentElement as { requestFullscreen?: unknown }).requestFullscreen;
  });
});

describe('pagerTotal', () => {
  const base = { page: 1, pageSize: 10, rows: new Array(10).fill(0), hasNext: true };
  it('is the total when exact', () => expect(pagerTotal({ ...base, total: 42, totalExact: true })).toBe(42));
  it('offers one more page past the cap while there is a next page', () => {
    expect(pagerTotal({ ...base, total: 10_000, totalExact: false })).toBe(10_001);
    expect(pagerTotal({ ...base, page: 5000, total: 10_000, totalExact: false })).toBe(50_001);
    expect(pagerTotal({ ...base, page: 5000, total: 10_000, totalExact: false, hasNext: false })).toBe(50_000);
  });
});
