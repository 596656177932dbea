import { loginLogListCall } from '@uc/contracts';
import { fetchAllRows, safeCell, toCsv, toExcelXml } from './list-export';

const rows = [
  { id: 7, name: '=cmd|calc', note: '张 "三"' },
  { id: 8, name: 'plain', note: '' },
];
const columns = [
  { title: 'ID', value: (r: (typeof rows)[number]) => r.id },
  { title: 'Name', value: (r: (typeof rows)[number]) => r.name },
  { title: 'Note', value: (r: (typeof rows)[number]) => r.note },
];

describe('list export', () => {
  it('writes UTF-8 CSV with a BOM, quoted cells and formulas neutralised', () => {
    expect(toCsv(rows, columns)).toBe('\uFEFF"ID","Name","Note"\r\n"7","\'=cmd|calc","张 ""三"""\r\n"8","plain",""\r\n');
    expect(safeCell('-1')).toBe("'-1");
    expect(safeCell(null)).toBe('');
  });

  it('writes an Excel sheet with numbers as numbers and text escaped', () => {
    const out = toExcelXml(rows, columns, 'Sign-ins');
    expect(out).toContain('<Worksheet ss:Name="Sign-ins">');
    expect(out).toContain('<Cell><Data ss:Type="Number">7</Data></Cell>');
    expect(out).toContain('张 &quot;三&quot;');
  });

  it("reads every page of the filter by the list's cursor, 100 rows a page, with progress", async () => {
    const pages = [
      { list: [1, 2], total: 10_000, totalExact: false, next: 'c1' },
      { list: [3], total: 10_000, totalExact: false, next: null },
    ];
    const calls: unknown[] = [];
    const call = jest.fn(async (_contract: unknown, options: { query: unknown }) => {
      calls.push(options.query);
      return { ...pages[calls.length - 1]!, page: 1, pageSize: 100 };
    });
    const progress: number[] = [];
    const all = await fetchAllRows(call as never, loginLogListCall, { filter: [['result', '=', 2]], sort: '-createdAt' }, (p) => progress.push(p));
    expect(all).toEqual([1, 2, 3]);
    expect(calls).toEqual([
      { pageSize: 100, sort: '-createdAt', filter: '[["result","=",2]]' },
      { pageSize: 100, sort: '-createdAt', filter: '[["result","=",2]]', after: 'c1' },
    ]);
    expect(progress).toEqual([0.0002, 1]);
  });
});
