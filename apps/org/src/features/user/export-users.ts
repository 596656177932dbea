import { listParams, type FilterTriple } from '@uc/contracts';
import { type call as Call } from '@uc/client';
import type { UserListCall, UserRow } from './user-row';

export interface ExportColumn {
  key: keyof UserRow;
  title: string;
}

/**
 * Every row of the current filtered list, a page of 100 at a time; `onProgress` gets 0..1. `call` is
 * the screen's (useScopedCall), so the export reads the tenant the list shows.
 */
export async function fetchAllUsers(
  call: typeof Call,
  options: { listCall: UserListCall; filter: FilterTriple[]; sort?: string; signal?: AbortSignal },
  onProgress: (done: number) => void,
): Promise<UserRow[]> {
  const rows: UserRow[] = [];
  for (let page = 1; ; page++) {
    const query = listParams({ page, pageSize: 100, sort: options.sort, filter: options.filter });
    const data = await call(options.listCall, { query: query as never, signal: options.signal });
    rows.push(...data.list);
    onProgress(data.total === 0 ? 1 : Math.min(1, rows.length / data.total));
    if (data.list.length === 0 || rows.length >= data.total) return rows;
  }
}

/** A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text. */
export const safeCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

export function toCsv(rows: UserRow[], columns: ExportColumn[]): string {
  const quote = (v: unknown) => `"${safeCell(v).replace(/"/g, '""')}"`;
  const lines = [columns.map((c) => quote(c.title)).join(','), ...rows.map((r) => columns.map((c) => quote(r[c.key])).join(','))];
  // The BOM makes Excel read the file as UTF-8 (Chinese names stay readable).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const xml = (v: unknown) => safeCell(v).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** SpreadsheetML 2003: one sheet Excel and LibreOffice open directly, without a zip library. */
export function toExcelXml(rows: UserRow[], columns: ExportColumn[], sheet: string): string {
  const cell = (v: unknown) => `<Cell><Data ss:Type="${typeof v === 'number' ? 'Number' : 'String'}">${xml(v)}</Data></Cell>`;
  const body = [columns.map((c) => cell(c.title)), ...rows.map((r) => columns.map((c) => cell(r[c.key])))]
    .map((cells) => `<Row>${cells.join('')}</Row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="${xml(sheet)}"><Table>${body}</Table></Worksheet></Workbook>`;
}

export function download(content: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
