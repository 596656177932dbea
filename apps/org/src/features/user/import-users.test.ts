import { parseCsv, toImportRows } from './import-users';

describe('user import parsing', () => {
  it("reads quoted CSV with a BOM, CRLF and the export's Chinese headers", () => {
    const table = parseCsv(
      '\uFEFF"用户名","密码","真实姓名","手机号","邮箱"\r\n"ann","pass-word-1","Ann ""A""","13800000001",""\r\nbob,pw-bob-123,Bob,13800000002,b@x.cn\n\n',
    );
    expect(toImportRows(table)).toEqual([
      { username: 'ann', password: 'pass-word-1', realName: 'Ann "A"', mobile: '13800000001', email: '', remark: '' },
      { username: 'bob', password: 'pw-bob-123', realName: 'Bob', mobile: '13800000002', email: 'b@x.cn', remark: '' },
    ]);
  });

  it('refuses a header without the required columns', () => {
    expect(toImportRows(parseCsv('username,mobile\nann,1380000'))).toBeUndefined();
  });
});
