import { z } from 'zod';
import { defineCall } from './define-call';

/*
 * The user import (issue 28, point 7). The console reads a spreadsheet (xlsx or csv) in the browser and
 * sends its rows in parts of MEMBER_IMPORT_MAX_ROWS, one call after another, showing the progress of
 * the whole file. Each call imports the rows it can and reports each refused row with its number, the
 * column and the reason, in the reader's language; a refused row never stops the others.
 */

/** Most rows one call takes; a longer file goes in parts of this size, one call after another. */
export const MEMBER_IMPORT_MAX_ROWS = 500;
/** Most data rows the console reads from one file. */
export const MEMBER_IMPORT_FILE_MAX_ROWS = 50_000;

/**
 * The longest text each column takes in a call: the user form's own limits, so that a longer cell is
 * refused by the console on its row (and the largest body stays bounded: lib/body-parsers.ts).
 */
export const MEMBER_IMPORT_CELL_MAX = {
  username: 64,
  realName: 64,
  mobile: 32,
  email: 320,
  dept: 64,
  post: 64,
  sex: 16,
  status: 16,
  password: 128,
  remark: 500,
} as const;

/** The columns of an import file, in the template's order. */
export type MemberImportField = keyof typeof MEMBER_IMPORT_CELL_MAX;
export const MEMBER_IMPORT_FIELDS = Object.keys(MEMBER_IMPORT_CELL_MAX) as MemberImportField[];
/** The columns a file must have (their cells may still be empty: each row is checked on its own). */
export const MEMBER_IMPORT_REQUIRED: readonly MemberImportField[] = ['username', 'realName', 'mobile'];

/**
 * What a sex or status cell may say, in either language or as the stored number (case ignored):
 * the template offers the words of the reader's language.
 */
export const IMPORT_SEX_WORDS: Readonly<Record<string, 0 | 1 | 2>> = {
  '': 0,
  '0': 0,
  '1': 1,
  '2': 2,
  未知: 0,
  保密: 0,
  男: 1,
  女: 2,
  unknown: 0,
  male: 1,
  female: 2,
};
export const IMPORT_STATUS_WORDS: Readonly<Record<string, 1 | 2>> = {
  '': 1,
  '1': 1,
  '2': 2,
  启用: 1,
  正常: 1,
  禁用: 2,
  停用: 2,
  enabled: 1,
  disabled: 2,
};

/** Each column by its English header in the template (the subject of its cell's message). */
const CELL_LABEL: Readonly<Record<MemberImportField, string>> = {
  username: 'Username',
  realName: 'Real name',
  mobile: 'Mobile',
  email: 'Email',
  dept: 'Department',
  post: 'Post',
  sex: 'Sex',
  status: 'Status',
  password: 'Password',
  remark: 'Remark',
};
const cell = (field: MemberImportField) =>
  z.string().max(MEMBER_IMPORT_CELL_MAX[field], `${CELL_LABEL[field]} must be at most ${MEMBER_IMPORT_CELL_MAX[field]} characters`).default('');

/** One row of an import file, its cells as written (the server checks and converts them). */
export const memberImportRow = z.object({
  /** The row's number in the file, reported with its refusals; by default its place in `rows` from 1. */
  row: z.number().int().positive().max(10_000_000).optional(),
  username: cell('username'),
  realName: cell('realName'),
  mobile: cell('mobile'),
  email: cell('email'),
  /** A department of the tenant by its code or its name. */
  dept: cell('dept'),
  /** A post of the tenant by its code or its name. */
  post: cell('post'),
  sex: cell('sex'),
  status: cell('status'),
  /** Empty: the call's initialPassword. */
  password: cell('password'),
  remark: cell('remark'),
});
export type MemberImportRow = z.input<typeof memberImportRow>;

export const memberImportError = z.object({
  row: z.number().int(),
  /** The column refused (a MemberImportField), or '' for the row as a whole (the tenant's maximum). */
  field: z.string(),
  /** Why, in the reader's language. */
  message: z.string(),
});
export type MemberImportError = z.infer<typeof memberImportError>;

export const memberImportBody = z.object({
  rows: z
    .array(memberImportRow)
    .min(1, 'The file has no rows: fill in at least one row under the header')
    .max(MEMBER_IMPORT_MAX_ROWS, `At most ${MEMBER_IMPORT_MAX_ROWS} rows per call: send a longer file in parts`),
  /** The password of every row whose password cell is empty (hashed once per call). */
  initialPassword: z.string().min(8, 'Initial password must be at least 8 characters').max(128, 'Initial password must be at most 128 characters').optional(),
});
export type MemberImportBody = z.output<typeof memberImportBody>;

export const memberImportCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/import',
  access: 'permission',
  tag: 'member',
  summary:
    'Creates users from up to 500 rows of a spreadsheet: the valid rows are created, every refused row is reported with its number, column and reason; a longer file is sent in parts.',
  body: memberImportBody,
  data: z.object({
    imported: z.number().int(),
    errors: z.array(memberImportError),
  }),
});

/**
 * What makes two spellings one phone number, as uc_mobile_key does in the database (drizzle/0017):
 * separators go, a +86 or 0086 before a mainland mobile goes; no number is ''.
 */
export const mobileKey = (mobile: string): string => mobile.replace(/[^0-9+]/g, '').replace(/^(\+|00)86(1[3-9][0-9]{9})$/, '$2');
