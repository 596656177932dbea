import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/*
 * Reading and writing .xlsx (Office Open XML spreadsheets) with fflate (8 kB of zip) and the browser's
 * XML parser: the few parts an import needs (the first sheet's cells as text; a workbook of text sheets
 * with a bold, frozen header, text-formatted columns and drop-down lists), instead of a spreadsheet
 * library of several hundred kB. Loaded only when a user imports (import-dialog.tsx).
 */

/** A row of a sheet: its number in the sheet (1 is the first) and its cells as text, by column from A. */
export interface SheetRow {
  row: number;
  cells: string[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const xmlOf = (bytes: Uint8Array | undefined, name: string): Document => {
  if (!bytes) throw new Error(`${name} is missing`);
  const doc = new DOMParser().parseFromString(strFromU8(bytes), 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`${name} is not XML`);
  return doc;
};
/** Elements by local name, whatever prefix the writer gave the namespace. */
const all = (node: Document | Element, name: string): Element[] => Array.from(node.getElementsByTagNameNS('*', name));
const children = (node: Element, name: string): Element[] => Array.from(node.children).filter((c) => c.localName === name);
/** The text of a string item (<si> or <is>): its own <t> or its runs' <t>, without phonetic guides (<rPh>). */
const textOf = (item: Element): string =>
  all(item, 't')
    .filter((t) => t.parentElement?.localName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('');

/** 'A' → 0, 'AB' → 27: the column of a cell reference such as AB12. */
export function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? '';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** 0 → 'A', 27 → 'AB'. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * The first worksheet of an .xlsx file, rows in order, each with its number in the sheet and its cells
 * as text (shared and inline strings, numbers as written, TRUE/FALSE); rows with no cell are left out.
 * Throws when the file is not an xlsx workbook.
 */
export function readXlsx(bytes: Uint8Array): SheetRow[] {
  const files = unzipSync(bytes, {
    filter: (f) =>
      f.name === 'xl/workbook.xml' || f.name === 'xl/_rels/workbook.xml.rels' || f.name === 'xl/sharedStrings.xml' || f.name.startsWith('xl/worksheets/'),
  });
  const workbook = xmlOf(files['xl/workbook.xml'], 'xl/workbook.xml');
  const first = all(workbook, 'sheet')[0];
  const relId = first?.getAttributeNS(REL, 'id') ?? first?.getAttribute('r:id');
  const rels = files['xl/_rels/workbook.xml.rels'] ? all(xmlOf(files['xl/_rels/workbook.xml.rels'], 'workbook rels'), 'Relationship') : [];
  const target = rels.find((r) => r.getAttribute('Id') === relId)?.getAttribute('Target');
  // Targets are relative to xl/ ('worksheets/sheet1.xml') or absolute ('/xl/worksheets/sheet1.xml').
  const sheetPath = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';
  const sheet = xmlOf(files[sheetPath], sheetPath);
  const shared = files['xl/sharedStrings.xml'] ? all(xmlOf(files['xl/sharedStrings.xml'], 'shared strings'), 'si').map(textOf) : [];

  const rows: SheetRow[] = [];
  let lastRow = 0;
  for (const rowEl of all(sheet, 'row')) {
    const number = Number(rowEl.getAttribute('r')) || lastRow + 1;
    lastRow = number;
    const cells: string[] = [];
    let lastCol = -1;
    for (const c of children(rowEl, 'c')) {
      const ref = c.getAttribute('r');
      const col = ref ? columnIndex(ref) : lastCol + 1;
      lastCol = col;
      const type = c.getAttribute('t') ?? 'n';
      const v = children(c, 'v')[0]?.textContent ?? '';
      let text: string;
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = children(c, 'is')[0] ? textOf(children(c, 'is')[0]!) : '';
      else if (type === 'b') text = v === '1' ? 'TRUE' : v === '' ? '' : 'FALSE';
      // A number typed in a General cell (a phone number) reads as typed, not as 1.38E+10.
      else if (type === 'n' && /e/i.test(v) && Number.isFinite(Number(v))) text = String(Number(v));
      else text = v;
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    if (cells.some((v) => v.trim() !== '')) rows.push({ row: number, cells });
  }
  return rows;
}

/** A cell written: text, or a number. */
export type Cell = string | number;

export interface SheetSpec {
  name: string;
  rows: Cell[][];
  /** Column widths in characters. */
  widths?: number[];
  /** The first row bold and frozen above the others. */
  header?: boolean;
  /** Columns whose cells are text, whatever is typed (phone numbers keep their leading 0 and digits). */
  textColumns?: number[];
  /** Drop-down lists: the values offered in a column, below the header, for `length` rows. */
  lists?: { column: number; values: string[]; length: number }[];
}

// Characters XML 1.0 cannot hold at all, dropped rather than making the file unreadable.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string): string =>
  text.replace(INVALID_XML, '').replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string): string => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

// Styles: 0 normal, 1 bold, 2 text format, 3 bold text format.
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function sheetXml(spec: SheetSpec): string {
  const text = new Set(spec.textColumns ?? []);
  const width = Math.max(spec.widths?.length ?? 0, ...spec.rows.map((r) => r.length), 1);
  const cols = Array.from({ length: width }, (_, i) => {
    const w = spec.widths?.[i] ?? 12;
    return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"${text.has(i) ? ' style="2"' : ''}/>`;
  }).join('');
  const rows = spec.rows
    .map((cells, r) => {
      const bold = spec.header && r === 0;
      const body = cells
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          const style = (bold ? 1 : 0) + (text.has(c) ? 2 : 0);
          const s = style ? ` s="${style}"` : '';
          if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
          if (value === '') return style ? `<c r="${ref}"${s}/>` : '';
          return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${body}</row>`;
    })
    .join('');
  const views = spec.header
    ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    : '';
  const lists = spec.lists ?? [];
  const validations = lists.length
    ? `<dataValidations count="${lists.length}">${lists
        .map((l) => {
          const col = columnName(l.column);
          return `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${col}2:${col}${l.length + 1}"><formula1>"${escapeXml(l.values.join(','))}"</formula1></dataValidation>`;
        })
        .join('')}</dataValidations>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${views}<cols>${cols}</cols><sheetData>${rows}</sheetData>${validations}</worksheet>`;
}

/** An .xlsx workbook of the sheets, in order (the first opens first). */
export function writeXlsx(sheets: SheetSpec[]): Uint8Array {
  const names = sheets.map((s) => sheetName(s.name));
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${names
        .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(STYLES),
  };
  sheets.forEach((spec, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(spec))));
  return zipSync(files, { level: 6 });
}
