import { MEMBER_IMPORT_FIELDS } from '@uc/contracts';
import { t } from '@uc/client';
import { registerImportMessages } from './import-messages';
import { refusedCsv, refusedSheet, refusedTable, templateSheets } from './import-report';
import { parseCsv, toFileRows, type ColumnNames, type FileRow } from './import-users';
import { readXlsx, writeXlsx } from './xlsx-file';

registerImportMessages();
const zh = (key: string, params?: Record<string, string | number>) => t(key, params, 'zh-CN');
const en = (key: string, params?: Record<string, string | number>) => t(key, params, 'en-US');
const names = Object.fromEntries(MEMBER_IMPORT_FIELDS.map((f) => [f, [zh(`org.import.col.${f}`), en(`org.import.col.${f}`)]])) as ColumnNames;

const row = (n: number, over: Partial<FileRow>): FileRow => ({
  row: n,
  username: `u${n}`,
  realName: 'U',
  mobile: '13800000000',
  email: '',
  dept: '',
  post: '',
  sex: '',
  status: '',
  password: '',
  remark: '',
  ...over,
});

describe('the template', () => {
  it('has the header in the reader’s language, required columns marked, sex and status lists, and notes with an example per column', () => {
    const [users, notes] = readTemplate(templateSheets(zh));
    expect(users).toEqual(['用户名*', '真实姓名*', '手机号*', '邮箱', '部门', '岗位', '性别', '状态', '密码', '备注']);
    const [english] = readTemplate(templateSheets(en));
    expect(english).toEqual(['Username*', 'Real name*', 'Mobile*', 'Email', 'Department', 'Post', 'Sex', 'Status', 'Password', 'Remark']);
    expect(templateSheets(zh)[0]!.lists).toEqual([
      expect.objectContaining({ column: 6, values: ['男', '女', '未知'] }),
      expect.objectContaining({ column: 7, values: ['启用', '禁用'] }),
    ]);
    expect(notes).toContainEqual(['手机号*', '是', expect.stringContaining('本租户内唯一'), '13800000000']);
    expect(notes).toContainEqual(['密码', '否', expect.stringContaining('初始密码'), '（留空）']);
    // What the template's header reads as is every column of the import.
    expect(
      toFileRows(
        [
          { row: 1, cells: users! as string[] },
          { row: 2, cells: ['a'] },
        ],
        names,
      ),
    ).toMatchObject({ ok: true });
  });
});

/** The first sheet's header and the second sheet's rows, through an xlsx file and back. */
function readTemplate(sheets: ReturnType<typeof templateSheets>) {
  const header = readXlsx(writeXlsx(sheets))[0]!.cells;
  const notes = readXlsx(writeXlsx([sheets[1]!])).map((r) => r.cells);
  return [header, notes] as const;
}

describe('the rows not imported', () => {
  const rows = [row(2, { username: 'ok' }), row(3, { username: 'bad', mobile: '123', dept: 'Nowhere', password: 'secret-pass' }), row(4, { username: '=cmd' })];
  const errors = [
    { row: 3, field: 'mobile', message: '手机号格式错误！' },
    { row: 3, field: 'dept', message: '没有编码或名称为“Nowhere”的部门' },
    { row: 4, field: '', message: '租户策略最多允许 5 个用户' },
  ];

  it('lists each refused row once, as the file had it, with its columns and reasons in the reader’s language', () => {
    const table = refusedTable(rows, errors, zh);
    expect(table).toEqual([
      ['行号', '用户名*', '真实姓名*', '手机号*', '邮箱', '部门', '岗位', '性别', '状态', '密码', '备注', '列', '原因'],
      [3, 'bad', 'U', '123', '', 'Nowhere', '', '', '', 'secret-pass', '', '手机号、部门', '手机号格式错误！；没有编码或名称为“Nowhere”的部门'],
      [4, '=cmd', 'U', '13800000000', '', '', '', '', '', '', '', '整行', '租户策略最多允许 5 个用户'],
    ]);
  });

  it('downloads as xlsx and as CSV (formula-safe), either of which imports again as it is', () => {
    const table = refusedTable(rows, errors, en);
    const xlsx = readXlsx(writeXlsx([refusedSheet(table, en)]));
    expect(xlsx[1]!.cells).toEqual([
      '3',
      'bad',
      'U',
      '123',
      '',
      'Nowhere',
      '',
      '',
      '',
      'secret-pass',
      '',
      'Mobile, Department',
      '手机号格式错误！; 没有编码或名称为“Nowhere”的部门',
    ]);
    const csv = refusedCsv(table);
    expect(csv.startsWith('\uFEFF"Row","Username*"')).toBe(true);
    expect(csv).toContain(`"'=cmd"`);
    for (const again of [xlsx, parseCsv(csv)]) {
      const read = toFileRows(again, names);
      expect(read.ok && read.rows.map((r) => [r.row, r.username, r.mobile, r.dept])).toEqual([
        [2, 'bad', '123', 'Nowhere'],
        [3, expect.stringMatching(/=cmd$/), '13800000000', ''],
      ]);
    }
  });
});
