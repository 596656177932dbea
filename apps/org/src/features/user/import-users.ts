import type { MemberImportRow } from '@uc/contracts';

/** Parses CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF); a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

/** Header names accepted for each field: the API name, or the zh-CN / en-US column titles of the export. */
const HEADERS: Record<keyof MemberImportRow, string[]> = {
  username: ['username', '用户名'],
  password: ['password', '密码'],
  realName: ['realname', '真实姓名', 'real name'],
  mobile: ['mobile', '手机号'],
  email: ['email', '邮箱'],
  remark: ['remark', '备注'],
};

/** The rows of an import file; undefined when the header lacks a required column. */
export function toImportRows(table: string[][]): MemberImportRow[] | undefined {
  const [header, ...body] = table;
  if (!header) return undefined;
  const names = header.map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(Object.entries(HEADERS).map(([field, aliases]) => [field, names.findIndex((n) => aliases.includes(n))])) as Record<
    keyof MemberImportRow,
    number
  >;
  if (index.username < 0 || index.password < 0 || index.realName < 0 || index.mobile < 0) return undefined;
  const at = (r: string[], field: keyof MemberImportRow) => (index[field] >= 0 ? (r[index[field]] ?? '').trim() : '');
  return body.map((r) => ({
    username: at(r, 'username'),
    password: at(r, 'password'),
    realName: at(r, 'realName'),
    mobile: at(r, 'mobile'),
    email: at(r, 'email'),
    remark: at(r, 'remark'),
  }));
}
