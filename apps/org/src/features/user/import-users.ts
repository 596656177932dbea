import {
  MEMBER_IMPORT_CELL_MAX,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_FILE_MAX_ROWS,
  MEMBER_IMPORT_REQUIRED,
  mobileKey,
  type MemberImportError,
  type MemberImportField,
} from '@uc/contracts';

/*
 * Reading an import file in the browser: its bytes as CSV or xlsx (xlsx-file.ts, loaded on demand),
 * the header row matched to the import's columns, and the checks only the whole file allows (a name
 * or number twice in it, across the parts the server sees one at a time; a cell longer than a call
 * takes). Pure functions: the dialog (import-dialog.tsx) puts them together.
 */

/** A row of the file: its number there (the header is row 1 in a template) and its cells. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** One user of the file: its row number and every column's text ('' where the file has none). */
export type FileRow = { row: number } & Record<MemberImportField, string>;

/** The reader's text of a key (useT's t, or t of @uc/client with a locale). */
export type Say = (key: string, params?: Record<string, string | number>) => string;

/** UTF-8 (with or without a BOM), or else GB18030, which Excel on Chinese Windows writes CSV in. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The separator of a CSV file: the one of comma, semicolon and tab its first line uses most (outside quotes). */
function separatorOf(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  return Object.entries(counts).reduce((best, [sep, n]) => (n > counts[best]! ? sep : best), ',');
}

/**
 * Parses CSV (RFC 4180: quoted fields with doubled quotes and line breaks, CRLF or LF; a leading BOM
 * dropped; comma, semicolon or tab as the first line uses). Each record keeps the line it starts on,
 * so the report names the row a spreadsheet shows; blank records are left out.
 */
export function parseCsv(text: string): TableRow[] {
  const src = text.replace(/^\uFEFF/, '');
  const sep = separatorOf(src);
  const rows: TableRow[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRow = () => {
    row.push(cell);
    if (row.some((v) => v.trim() !== '')) rows.push({ row: startLine, cells: row });
    row = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      startLine = line;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Whether the bytes start as a zip archive does (an .xlsx is one; an old .xls or a CSV is not). */
export const isZip = (bytes: Uint8Array): boolean => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The rows of an import file, CSV or xlsx (told by its bytes, not its name); throws when it is neither. */
export async function readImportFile(bytes: Uint8Array): Promise<TableRow[]> {
  // The xlsx reader and its zip library load only for an xlsx file.
  if (isZip(bytes)) return (await import('./xlsx-file')).readXlsx(bytes);
  // An old binary .xls (an OLE file) or anything else that is not text.
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf) throw new Error('not xlsx or csv');
  const text = decodeText(bytes);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008]/.test(text.slice(0, 4096))) throw new Error('not xlsx or csv');
  return parseCsv(text);
}

/** A header cell as compared: no required mark (*), no note in brackets, spaces and case ignored. */
export const headerKey = (cell: string): string =>
  cell
    .replace(/[*＊]/g, '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/** The names a column may go by in a header: its API name and its title in each language. */
export type ColumnNames = Record<MemberImportField, string[]>;

export type ReadResult =
  | { ok: true; rows: FileRow[] }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'missing'; missing: MemberImportField[] }
  | { ok: false; problem: 'tooMany'; count: number };

/** The users of a file: the first row is its header (matched by `names`), each later row one user. */
export function toFileRows(table: readonly TableRow[], names: ColumnNames): ReadResult {
  const [header, ...body] = table;
  if (!header) return { ok: false, problem: 'empty' };
  const keys = header.cells.map(headerKey);
  const index = Object.fromEntries(
    MEMBER_IMPORT_FIELDS.map((field) => [field, keys.findIndex((k) => k !== '' && [field, ...names[field]].some((n) => headerKey(n) === k))]),
  ) as Record<MemberImportField, number>;
  const missing = MEMBER_IMPORT_REQUIRED.filter((f) => index[f] < 0);
  if (missing.length > 0) return { ok: false, problem: 'missing', missing };
  if (body.length === 0) return { ok: false, problem: 'empty' };
  if (body.length > MEMBER_IMPORT_FILE_MAX_ROWS) return { ok: false, problem: 'tooMany', count: body.length };
  const rows = body.map(({ row, cells }) => {
    const out = { row } as FileRow;
    for (const field of MEMBER_IMPORT_FIELDS) out[field] = index[field] >= 0 ? (cells[index[field]] ?? '').trim() : '';
    return out;
  });
  return { ok: true, rows };
}

/**
 * What the console refuses before sending: a cell longer than the call takes, and a user name or
 * phone number already in an earlier row of the file (the server sees the file a part at a time).
 * The rest is sent; the server checks each row for everything else.
 */
export function checkFileRows(rows: readonly FileRow[], say: Say): { send: FileRow[]; refused: MemberImportError[] } {
  const refused: MemberImportError[] = [];
  const send: FileRow[] = [];
  const names = new Map<string, number>();
  const numbers = new Map<string, number>();
  for (const r of rows) {
    const problems: MemberImportError[] = [];
    for (const field of MEMBER_IMPORT_FIELDS) {
      const max = MEMBER_IMPORT_CELL_MAX[field];
      if (r[field].length > max) problems.push({ row: r.row, field, message: say('org.import.tooLong', { max }) });
    }
    const name = r.username.toLowerCase();
    const number = mobileKey(r.mobile);
    const nameAt = name ? names.get(name) : undefined;
    const numberAt = number ? numbers.get(number) : undefined;
    if (nameAt !== undefined) problems.push({ row: r.row, field: 'username', message: say('org.import.twice.username', { value: r.username, row: nameAt }) });
    else if (name) names.set(name, r.row);
    if (numberAt !== undefined) problems.push({ row: r.row, field: 'mobile', message: say('org.import.twice.mobile', { value: r.mobile, row: numberAt }) });
    else if (number) numbers.set(number, r.row);
    if (problems.length > 0) refused.push(...problems);
    else send.push(r);
  }
  return { send, refused };
}
