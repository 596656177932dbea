import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Progress } from 'antd';
import { useState } from 'react';
import { listParams, MAX_PAGE_SIZE, type CallContract, type CallData, type FilterTriple, type Paged } from '@uc/contracts';
import { useScopedCall, useT, type call as Call } from '@uc/client';

/*
 * Export of a paged list (every page of the current filter and sort) to CSV or Excel, in the browser:
 * the one mechanism of every list screen (users, logs, sessions). It reads the list call itself, so it
 * exports exactly the rows the reader may list, and needs no permission of its own.
 */

type ListContract = CallContract & { data: unknown };
type RowOf<C> = CallData<C> extends Paged<infer Row> ? Row : never;

/** A column of the file: its heading and the cell of a row (a number stays a number in Excel). */
export interface ExportColumn<Row> {
  title: string;
  value: (row: Row) => unknown;
}

/**
 * Every row of the list for `filter` and `sort`, a page of 100 at a time following the list's cursor
 * (each page as fast as page 1, however deep); `onProgress` gets 0..1. `call` is the screen's (useScopedCall), so the
 * export reads the tenant the list shows.
 */
export async function fetchAllRows<C extends ListContract>(
  call: typeof Call,
  listCall: C,
  options: { filter: FilterTriple[]; sort?: string | undefined; signal?: AbortSignal },
  onProgress: (done: number) => void,
): Promise<RowOf<C>[]> {
  const rows: RowOf<C>[] = [];
  let after: string | undefined;
  for (;;) {
    const query = listParams({ pageSize: MAX_PAGE_SIZE, sort: options.sort, filter: options.filter, ...(after ? { after } : {}) });
    const data = (await call(listCall, { query: query as never, signal: options.signal })) as Paged<RowOf<C>>;
    rows.push(...data.list);
    // Past the capped count the total is a lower bound: progress then stays short of done until the end.
    const total = Math.max(data.total, rows.length);
    onProgress(data.next === null || total === 0 ? 1 : Math.min(0.99, rows.length / total));
    if (data.list.length === 0 || data.next === null) return rows;
    after = data.next;
  }
}

/** A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text. */
export const safeCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

export function toCsv<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[]): string {
  const quote = (v: unknown) => `"${safeCell(v).replace(/"/g, '""')}"`;
  const lines = [columns.map((c) => quote(c.title)).join(','), ...rows.map((r) => columns.map((c) => quote(c.value(r))).join(','))];
  // The BOM makes Excel read the file as UTF-8 (Chinese names stay readable).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const xml = (v: unknown) => safeCell(v).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** SpreadsheetML 2003: one sheet Excel and LibreOffice open directly, without a zip library. */
export function toExcelXml<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], sheet: string): string {
  const cell = (v: unknown) => `<Cell><Data ss:Type="${typeof v === 'number' ? 'Number' : 'String'}">${xml(v)}</Data></Cell>`;
  const body = [columns.map((c) => cell(c.title)), ...rows.map((r) => columns.map((c) => cell(c.value(r))))]
    .map((cells) => `<Row>${cells.join('')}</Row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="${xml(sheet.slice(0, 31))}"><Table>${body}</Table></Worksheet></Workbook>`;
}

/**
 * Saves `content` as a file. The object URL is kept for a minute: the browser reads it after the click,
 * and on a busy or slow device a second was too short (the download was dropped without a word).
 */
export function download(content: string | Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface ExportButtonProps<C extends ListContract> {
  /** The list on screen, read in the screen's tenant scope. */
  listCall: C;
  /** The list's filter as on screen (keyword included: toFilter of useListQuery) and its sort. */
  filter: FilterTriple[];
  sort?: string | undefined;
  columns: ExportColumn<RowOf<C>>[];
  /** The file's name before the date and extension ('login-log' → login-log-2026-11-28.csv). */
  fileName: string;
  /** The Excel sheet's name (the screen's title). */
  sheet: string;
}

/** 导出: the current filtered list (all pages) to CSV or Excel, with a progress bar while it loads. */
export function ExportButton<C extends ListContract>({ listCall, filter, sort, columns, fileName, sheet }: ExportButtonProps<C>) {
  const t = useT();
  const call = useScopedCall();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (format: 'csv' | 'xls') => {
    setProgress(0);
    try {
      const rows = await fetchAllRows(call, listCall, { filter, sort }, setProgress);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv') download(toCsv(rows, columns), `${fileName}-${stamp}.csv`, 'text/csv;charset=utf-8');
      else download(toExcelXml(rows, columns, sheet), `${fileName}-${stamp}.xls`, 'application/vnd.ms-excel');
    } catch {
      // The API client has shown the error.
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'csv', label: t('list.export.csv') },
            { key: 'xls', label: t('list.export.excel') },
          ],
          onClick: ({ key }) => void run(key as 'csv' | 'xls'),
        }}
        // A click opens it: it works by touch and keyboard, and does not close when the pointer crosses the gap.
        trigger={['click']}
      >
        <Button icon={<DownloadOutlined />}>{t('list.export')}</Button>
      </Dropdown>
      <Modal open={progress !== null} footer={null} closable={false} title={t('list.export.running')}>
        <Progress percent={Math.round((progress ?? 0) * 100)} />
      </Modal>
    </>
  );
}
