import { MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_FILE_MAX_ROWS, MEMBER_IMPORT_REQUIRED, type MemberImportError, type MemberImportField } from '@uc/contracts';
import { toCsv } from '@uc/ui';
import type { FileRow, Say } from './import-users';
import type { Cell, SheetSpec } from './xlsx-file';

/*
 * The two files of the import: the template to fill in, and the rows not imported with why. The
 * second keeps the template's columns and each row as the file had it, so it can be corrected and
 * imported again as it is (its extra columns, row, column and reason, are ignored then).
 */

/** A column's title in the reader's language, with * when the file must have it (the template's header). */
export const columnTitle = (field: MemberImportField, say: Say): string =>
  `${say(`org.import.col.${field}`)}${MEMBER_IMPORT_REQUIRED.includes(field) ? '*' : ''}`;

const WIDTHS: Record<MemberImportField, number> = {
  username: 16,
  realName: 14,
  mobile: 16,
  email: 26,
  dept: 16,
  post: 14,
  sex: 10,
  status: 10,
  password: 18,
  remark: 24,
};

/** The words a sex or status cell offers in the reader's language (the server takes either language). */
export const sexWords = (say: Say): string[] => [1, 2, 0].map((n) => say(`org.import.sex.${n}`));
export const statusWords = (say: Say): string[] => [1, 2].map((n) => say(`org.import.status.${n}`));

/**
 * The template: a Users sheet with the header in the reader's language (every column text-formatted,
 * so a phone number stays as typed; sex and status as drop-down lists), and a sheet of notes saying
 * what each column takes, with an example.
 */
export function templateSheets(say: Say): SheetSpec[] {
  const column = (field: MemberImportField) => MEMBER_IMPORT_FIELDS.indexOf(field);
  const users: SheetSpec = {
    name: say('org.import.sheet.users'),
    header: true,
    rows: [MEMBER_IMPORT_FIELDS.map((f) => columnTitle(f, say))],
    widths: MEMBER_IMPORT_FIELDS.map((f) => WIDTHS[f]),
    textColumns: MEMBER_IMPORT_FIELDS.map((_, i) => i),
    lists: [
      { column: column('sex'), values: sexWords(say), length: MEMBER_IMPORT_FILE_MAX_ROWS },
      { column: column('status'), values: statusWords(say), length: MEMBER_IMPORT_FILE_MAX_ROWS },
    ],
  };
  const notes: SheetSpec = {
    name: say('org.import.sheet.notes'),
    widths: [16, 10, 60, 24],
    rows: [
      [say('org.import.notes.general', { max: MEMBER_IMPORT_FILE_MAX_ROWS })],
      [],
      [say('org.import.notes.column'), say('org.import.notes.required'), say('org.import.notes.rule'), say('org.import.notes.example')],
      ...MEMBER_IMPORT_FIELDS.map((f) => [
        columnTitle(f, say),
        say(MEMBER_IMPORT_REQUIRED.includes(f) ? 'org.import.yes' : 'org.import.no'),
        say(`org.import.note.${f}`),
        say(`org.import.example.${f}`),
      ]),
    ],
  };
  return [users, notes];
}

/**
 * The rows not imported, one line each: its row number, its cells as the file had them under the
 * template's columns, the columns refused and the reasons, in the reader's language.
 */
export function refusedTable(rows: readonly FileRow[], errors: readonly MemberImportError[], say: Say): Cell[][] {
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const problems = new Map<number, MemberImportError[]>();
  for (const e of errors) problems.set(e.row, [...(problems.get(e.row) ?? []), e]);
  const header: Cell[] = [say('org.import.row'), ...MEMBER_IMPORT_FIELDS.map((f) => columnTitle(f, say)), say('org.import.field'), say('org.import.reason')];
  const fieldName = (field: string) => ((MEMBER_IMPORT_FIELDS as string[]).includes(field) ? say(`org.import.col.${field}`) : say('org.import.wholeRow'));
  const lines = [...problems.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, list]): Cell[] => {
      const source = byRow.get(row);
      return [
        row,
        ...MEMBER_IMPORT_FIELDS.map((f) => source?.[f] ?? ''),
        [...new Set(list.map((e) => fieldName(e.field)))].join(say('org.import.sep.fields')),
        list.map((e) => e.message).join(say('org.import.sep.reasons')),
      ];
    });
  return [header, ...lines];
}

/** The refused rows as CSV (UTF-8 with a BOM, formula-safe cells: the UI kit's export). */
export function refusedCsv(table: Cell[][]): string {
  const [header = [], ...lines] = table;
  return toCsv(
    lines,
    header.map((title, i) => ({ title: String(title), value: (line: Cell[]) => line[i] })),
  );
}

/** The refused rows as one xlsx sheet (written by xlsx-file.ts, which the caller loads). */
export const refusedSheet = (table: Cell[][], say: Say): SheetSpec => ({
  name: say('org.import.refused'),
  header: true,
  rows: table,
  widths: [8, ...MEMBER_IMPORT_FIELDS.map((f) => WIDTHS[f]), 16, 60],
  textColumns: MEMBER_IMPORT_FIELDS.map((_, i) => i + 1),
});
