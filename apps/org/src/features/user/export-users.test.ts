import { safeCell, toCsv, toExcelXml } from './export-users';
import type { UserRow } from './user-row';

const row = { id: 7, username: '=cmd|calc', realName: '张 "三"', balance: '1.50' } as unknown as UserRow;
const columns = [
  { key: 'id', title: 'ID' },
  { key: 'username', title: 'User' },
  { key: 'realName', title: 'Name' },
  { key: 'balance', title: 'Balance' },
] as const;

describe('user export', () => {
  it('writes UTF-8 CSV with a BOM, quoted cells and formulas neutralised', () => {
    expect(toCsv([row], [...columns])).toBe('\uFEFF"ID","User","Name","Balance"\r\n"7","\'=cmd|calc","张 ""三""","1.50"\r\n');
  });

  it('writes an Excel sheet with numbers as numbers and text escaped', () => {
    const out = toExcelXml([row], [...columns], 'Users');
    expect(out).toContain('<Cell><Data ss:Type="Number">7</Data></Cell>');
    expect(out).toContain('张 &quot;三&quot;');
    expect(safeCell('-1')).toBe("'-1");
  });
});
