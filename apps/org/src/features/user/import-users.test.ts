import { strToU8, zipSync } from 'fflate';
import { MEMBER_IMPORT_FILE_MAX_ROWS } from '@uc/contracts';
import { checkFileRows, decodeText, parseCsv, readImportFile, toFileRows, type ColumnNames, type FileRow } from './import-users';
import { columnIndex, columnName, readXlsx, writeXlsx } from './xlsx-file';

const NAMES: ColumnNames = {
  username: ['用户名', 'Username'],
  realName: ['真实姓名', 'Real name'],
  mobile: ['手机号', 'Mobile'],
  email: ['邮箱', 'Email'],
  dept: ['部门', 'Department'],
  post: ['岗位', 'Post'],
  sex: ['性别', 'Sex'],
  status: ['状态', 'Status'],
  password: ['密码', 'Password'],
  remark: ['备注', 'Remark'],
};
const say = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;
const blank = { email: '', dept: '', post: '', sex: '', status: '', password: '', remark: '' };

describe('CSV', () => {
  it('reads quoted cells (doubled quotes, commas and line breaks inside), CRLF or LF, a BOM, and numbers each record by the line it starts on', () => {
    const table = parseCsv(
      '\uFEFF"用户名*","真实姓名*","手机号*","备注"\r\n"ann","Ann ""A""","13800000001","line one\nline two"\r\n\r\nbob,"Bob, Jr.",13800000002,\n',
    );
    expect(table).toEqual([
      { row: 1, cells: ['用户名*', '真实姓名*', '手机号*', '备注'] },
      { row: 2, cells: ['ann', 'Ann "A"', '13800000001', 'line one\nline two'] },
      { row: 5, cells: ['bob', 'Bob, Jr.', '13800000002', ''] },
    ]);
  });

  it('takes the separator the header uses: semicolons (Excel in many locales) or tabs', () => {
    expect(parseCsv('username;realName;mobile\nann;Ann, A.;138\n').map((r) => r.cells)).toEqual([
      ['username', 'realName', 'mobile'],
      ['ann', 'Ann, A.', '138'],
    ]);
    expect(parseCsv('username\trealName\tmobile\nann\tAnn\t138').map((r) => r.cells)[1]).toEqual(['ann', 'Ann', '138']);
  });

  it('decodes UTF-8 with or without a BOM, and GBK as Excel on Chinese Windows saves CSV', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('用户名')]))).toBe('用户名');
    const gbk = new Uint8Array([
      211, 195, 187, 167, 195, 251, 44, 213, 230, 202, 181, 208, 213, 195, 251, 44, 202, 214, 187, 250, 186, 197, 10, 213, 197, 200, 253, 44, 213, 197, 200,
      253, 44, 49, 51, 56, 48, 48, 48, 48, 48, 48, 48, 49, 10,
    ]);
    expect(decodeText(gbk)).toBe('用户名,真实姓名,手机号\n张三,张三,13800000001\n');
  });
});

describe('xlsx', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(['A1', 'Z9', 'AA10', 'ab3', 'AAA1'].map(columnIndex)).toEqual([0, 25, 26, 27, 702]);
  });

  it('reads back what it writes: text (escaped, with line breaks), numbers, empty cells, every sheet but the first ignored', async () => {
    const bytes = writeXlsx([
      {
        name: 'Users',
        header: true,
        textColumns: [2],
        rows: [['username', 'realName', 'mobile'], ['a<b>&"c"', 'Ann\nA.', '013800000001'], [], ['bob', '', 42]],
      },
      { name: 'Notes', rows: [['not read']] },
    ]);
    expect(readXlsx(bytes)).toEqual([
      { row: 1, cells: ['username', 'realName', 'mobile'] },
      { row: 2, cells: ['a<b>&"c"', 'Ann\nA.', '013800000001'] },
      { row: 4, cells: ['bob', '', '42'] },
    ]);
    expect(await readImportFile(bytes)).toEqual(readXlsx(bytes));
  });

  it('reads a workbook as Excel writes it: shared strings with rich runs and phonetic guides, prefixed elements, cells without references, numbers', () => {
    const xml = (s: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const bytes = zipSync({
      'xl/workbook.xml': xml(
        `<x:workbook xmlns:x="${main}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="用户" sheetId="3" r:id="rId7"/></x:sheets></x:workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="worksheet" Target="/xl/worksheets/data.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': xml(
        `<x:sst xmlns:x="${main}"><x:si><x:t>用户名</x:t></x:si><x:si><x:r><x:t>张</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>三</x:t></x:r><x:rPh><x:t>ちょう</x:t></x:rPh></x:si></x:sst>`,
      ),
      'xl/worksheets/data.xml': xml(
        `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>手机号</x:t></x:is></x:c></x:row><x:row r="7"><x:c t="s"><x:v>1</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c><x:v>1.3800000001E10</x:v></x:c><x:c t="str"><x:v>=x</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
      ),
    });
    expect(readXlsx(bytes)).toEqual([
      { row: 1, cells: ['用户名', '', '手机号'] },
      { row: 7, cells: ['张三', 'TRUE', '13800000001', '=x'] },
    ]);
  });

  it('refuses what is neither xlsx nor csv: an old binary xls, a zip without a workbook', async () => {
    await expect(readImportFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).rejects.toThrow();
    await expect(readImportFile(zipSync({ 'readme.txt': strToU8('hello') }))).rejects.toThrow();
  });
});

describe('the rows of a file', () => {
  it("matches the header by either language's titles, ignoring the required mark, notes in brackets, spaces and case; missing optional columns are empty", () => {
    const result = toFileRows(
      [
        { row: 1, cells: ['手机号*', ' USERNAME ', 'Real Name', '部门（编码或名称）', 'something else'] },
        { row: 2, cells: [' 13800000001 ', 'ann', 'Ann', 'sales'] },
      ],
      NAMES,
    );
    expect(result).toEqual({ ok: true, rows: [{ row: 2, ...blank, username: 'ann', realName: 'Ann', mobile: '13800000001', dept: 'sales' }] });
  });

  it('says which required columns are missing, that a file has no rows, or too many', () => {
    expect(toFileRows([{ row: 1, cells: ['用户名', '邮箱'] }], NAMES)).toEqual({ ok: false, problem: 'missing', missing: ['realName', 'mobile'] });
    expect(toFileRows([{ row: 1, cells: ['用户名', '真实姓名', '手机号'] }], NAMES)).toEqual({ ok: false, problem: 'empty' });
    expect(toFileRows([], NAMES)).toEqual({ ok: false, problem: 'empty' });
    const many = Array.from({ length: MEMBER_IMPORT_FILE_MAX_ROWS + 2 }, (_, i) => ({
      row: i + 1,
      cells: i === 0 ? ['username', 'realName', 'mobile'] : ['u', 'U', '1'],
    }));
    expect(toFileRows(many, NAMES)).toEqual({ ok: false, problem: 'tooMany', count: MEMBER_IMPORT_FILE_MAX_ROWS + 1 });
  });

  it('refuses before sending a name or number already in an earlier row (any case, any spelling of the number) and a cell longer than a call takes', () => {
    const row = (n: number, over: Partial<FileRow>): FileRow => ({ row: n, ...blank, username: `u${n}`, realName: 'U', mobile: `1380000000${n}`, ...over });
    const rows = [
      row(2, { username: 'Ann' }),
      row(3, { username: 'ann' }),
      row(4, { mobile: '+86 138-0000-0002' }),
      row(5, { remark: 'x'.repeat(501) }),
      row(6, {}),
    ];
    const { send, refused } = checkFileRows(rows, say);
    expect(send.map((r) => r.row)).toEqual([2, 6]);
    expect(refused).toEqual([
      { row: 3, field: 'username', message: 'org.import.twice.username{"value":"ann","row":2}' },
      { row: 4, field: 'mobile', message: 'org.import.twice.mobile{"value":"+86 138-0000-0002","row":2}' },
      { row: 5, field: 'remark', message: 'org.import.tooLong{"max":500}' },
    ]);
  });
});
