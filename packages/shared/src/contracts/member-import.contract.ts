import { z } from 'zod';
import { defineCall } from './define-call';

/** One row of an import file: the columns of the export that make sense to bring in, plus a password. */
export const memberImportRow = z.object({
  username: z.string(),
  password: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string().default(''),
  remark: z.string().default(''),
});
export type MemberImportRow = z.input<typeof memberImportRow>;
export const MEMBER_IMPORT_MAX_ROWS = 200;

export const memberImportCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/import',
  access: 'permission',
  tag: 'member',
  summary: 'Creates users from rows (CSV parsed by the client): all or none; every refused row is reported with its number and reason.',
  body: z.object({
    rows: z.array(memberImportRow).min(1, 'rows: the file has no rows').max(MEMBER_IMPORT_MAX_ROWS, `rows: at most ${MEMBER_IMPORT_MAX_ROWS} rows per import`),
  }),
  data: z.object({
    imported: z.number().int(),
    /** Row numbers count from 1 (the first data row after the header). */
    errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  }),
});
