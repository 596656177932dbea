import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  IMPORT_SEX_WORDS,
  IMPORT_STATUS_WORDS,
  MEMBER_IMPORT_FIELDS,
  memberEditBody,
  mobileKey,
  userSource,
  type MemberImportBody,
  type MemberImportError,
  type MemberImportField,
} from '@uc/contracts';
import { renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';
import type { Db } from '../../db/client';
import { depts, posts, users } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { RefusalAfterCommit } from '../../http/route-registrar';
import { badRequest } from '../../lib/errors';
import { PARSE_OPTIONS, zodMessage } from '../../lib/zod-message';
import type { Session } from '../auth/access';
import { hashPassword } from '../auth/auth.service';
import { COMMON_PASSWORD_INVALID, passwordProblem } from '../account/password-policy';
import { quotaRoom } from '../quota/quota';
import { deptsInScope } from '../scope/data-scope';
import { countClashes, refuseAtClashLimit, type NumberSetter } from './member-mobile';

type ImportBody = MemberImportBody;
type ImportRow = ImportBody['rows'][number];

export const NO_PASSWORD = "No password: fill in this row's password, or set an initial password for the rows without one";
export const USERNAME_TWICE = 'The user name "{username}" is also in row {row}: each user needs a name of their own';
export const MOBILE_TWICE = 'The phone number "{mobile}" is also in row {row}: each user needs a number of their own';
export const USERNAME_TAKEN = 'The user name "{username}" is already taken: choose another';
export const MOBILE_TAKEN = 'The phone number "{mobile}" is already on another user of this tenant: use another number, or remove it from that user first';
export const DEPT_UNKNOWN = 'There is no department with the code or name "{value}": create it first, or write the code or name of an existing department';
export const DEPT_AMBIGUOUS = '{count} departments are named "{value}": write the code of the one you mean';
export const DEPT_OUTSIDE = 'The department "{value}" is outside your data scope: choose one of the departments you manage';
export const DEPT_NONE = 'Fill in a department: a user without one is outside your data scope';
export const POST_UNKNOWN = 'There is no post with the code or name "{value}": create it first, or write the code or name of an existing post';
export const SEX_WORDS = 'Write male, female or unknown (or leave it empty)';
export const STATUS_WORDS = 'Write enabled or disabled (or leave it empty for enabled)';
export const OVER_QUOTA =
  "The tenant's policy allows at most {max} users and the rows before this one reached it: ask the platform administrator for a larger policy";

/** A message as a reader sees it in the report: the sentence alone, the column being said beside it. */
const bare = (text: string): string => text.replace(/^[a-zA-Z][\w.]*: /, '');

interface Candidate {
  row: number;
  username: string;
  mobile: string;
  values: Omit<typeof users.$inferInsert, 'tenantId' | 'passwordHash'>;
  /** The row's own password; undefined: the call's initial one. */
  password: string | undefined;
  dept: string;
  post: string;
}

/** A department or post cell read against the tenant's records: by code first, then by name. */
interface Named {
  id: number;
  code: string;
  name: string;
}
type Lookup = { id: number } | { unknown: true } | { ambiguous: number };
function lookup(records: readonly Named[], value: string): Lookup {
  const byCode = records.find((r) => r.code !== '' && r.code === value);
  if (byCode) return { id: byCode.id };
  const byName = records.filter((r) => r.name === value);
  if (byName.length === 1) return { id: byName[0]!.id };
  return byName.length === 0 ? { unknown: true } : { ambiguous: byName.length };
}

/**
 * One part of an import file (at most MEMBER_IMPORT_MAX_ROWS rows): every row is checked on its own
 * (the edit call's rules, the sex and status words, its department and post by code or name within
 * the caller's data scope, names and numbers not twice in the part, numbers not on another user of
 * the tenant, the tenant's maximum of users) and the valid ones are inserted in one statement; a name
 * taken in any tenant is caught by its unique index there (ON CONFLICT DO NOTHING) and reported. The
 * answer lists each refused row with the column and the reason, in the reader's language.
 *
 * Where the time goes: argon2id costs about 12 ms a password, more than everything else a row costs,
 * so the initial password (the rows whose password cell is empty) is hashed once per call; a row with
 * its own password pays its own hash. Everything else is a handful of statements per call, whatever
 * its number of rows (bench/user-import.ts).
 *
 * Numbers come in unverified (member-mobile.ts): each row refused because its number is on another
 * user of the tenant counts against the clash limits of the caller's account and address, and at the
 * limit the whole call waits (429), whatever its numbers, as an edit does.
 */
export async function importMembers(
  db: Db,
  session: Session,
  body: ImportBody,
  locale: MessageLocale,
  ip: string,
): Promise<{ imported: number; errors: MemberImportError[] }> {
  const { rows, initialPassword } = body;
  if (initialPassword !== undefined && passwordProblem(initialPassword)) throw badRequest(COMMON_PASSWORD_INVALID, { field: 'initialPassword' });
  const errors: MemberImportError[] = [];
  const refused = new Set<number>();
  // The report is part of a successful answer, so its messages are written in the reader's language here.
  const refuse = (row: number, field: MemberImportField | '', template: string, params?: MessageParams) => {
    refused.add(row);
    errors.push({ row, field, message: bare(renderMessage(template, params, locale)) });
  };

  // Every check runs on every row, so the report names all that is wrong with a row at once.
  const candidates = rows.map((raw, i) => checkRow(raw, raw.row ?? i + 1, initialPassword, locale, refuse));
  notTwice(candidates, refuse);
  await resolveDeptsAndPosts(db, session, candidates, refuse);
  const by: NumberSetter = { session, ip };
  // Every row sets a number: at the clash limit the file waits, whatever its numbers.
  await refuseAtClashLimit(db, by);
  const clashes = await numbersInTenant(
    db,
    session.tenantId,
    candidates.filter((c) => !refused.has(c.row)).map((c) => c.mobile),
  );
  let clashCount = 0;
  for (const c of candidates) {
    if (refused.has(c.row) || !clashes.has(mobileKey(c.mobile))) continue;
    clashCount++;
    refuse(c.row, 'mobile', MOBILE_TAKEN, { mobile: c.mobile });
  }
  // Nothing is written yet: past the limit the answer is the 429, and the counts stand (countClashes).
  if (clashCount > 0) await countClashes(db, by, clashCount);

  let valid = candidates.filter((c) => !refused.has(c.row));
  // Hashed before the quota lock, which queues the tenant's other user writes until commit.
  const initialHash = initialPassword !== undefined && valid.some((c) => c.password === undefined) ? await hashPassword(initialPassword) : undefined;
  // Hashes, not queries: argon2 runs on libuv's threads, so the rows' own passwords are hashed side by side.
  // eslint-disable-next-line no-restricted-syntax
  const hashes = await Promise.all(valid.map((c) => (c.password === undefined ? initialHash! : hashPassword(c.password))));
  const hashOf = new Map(valid.map((c, i) => [c.row, hashes[i]!]));

  const quota = valid.length > 0 ? await quotaRoom(db, session.tenantId, 'users') : undefined;
  if (quota && valid.length > quota.room) {
    for (const c of valid.slice(quota.room)) refuse(c.row, '', OVER_QUOTA, { max: quota.max });
    valid = valid.slice(0, quota.room);
  }

  let imported = 0;
  if (valid.length > 0) {
    const inserted = await db
      .insert(users)
      .values(valid.map((c) => ({ ...c.values, tenantId: session.tenantId, passwordHash: hashOf.get(c.row)!, updatedAt: sql`now()` })))
      .onConflictDoNothing()
      .returning({ username: users.username });
    imported = inserted.length;
    const done = new Set(inserted.map((r) => r.username.toLowerCase()));
    const left = valid.filter((c) => !done.has(c.username.toLowerCase()));
    if (left.length > 0) await explainConflicts(db, by, left, refuse);
  }
  const order = (field: string) => MEMBER_IMPORT_FIELDS.indexOf(field as MemberImportField);
  errors.sort((a, b) => a.row - b.row || order(a.field) - order(b.field));
  return { imported, errors };
}

type Refuse = (row: number, field: MemberImportField | '', template: string, params?: MessageParams) => void;

/** A row by the edit call's rules and the import's words, each problem reported (the row is then in `refused`). */
function checkRow(raw: ImportRow, row: number, initialPassword: string | undefined, locale: MessageLocale, refuse: Refuse): Candidate {
  const sex = IMPORT_SEX_WORDS[raw.sex.trim().toLowerCase()];
  if (sex === undefined) refuse(row, 'sex', SEX_WORDS);
  const status = IMPORT_STATUS_WORDS[raw.status.trim().toLowerCase()];
  if (status === undefined) refuse(row, 'status', STATUS_WORDS);
  const own = raw.password === '' ? undefined : raw.password;
  const password = own ?? initialPassword;
  if (password === undefined) refuse(row, 'password', NO_PASSWORD);
  const parsed = memberEditBody.safeParse(
    { username: raw.username, realName: raw.realName, mobile: raw.mobile, email: raw.email, remark: raw.remark, password, sex: sex ?? 0, status: status ?? 1 },
    PARSE_OPTIONS,
  );
  if (!parsed.success) {
    const said = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (said.has(field)) continue;
      said.add(field);
      refuse(row, field as MemberImportField, bare(zodMessage(new z.ZodError([issue]), { locale })));
    }
  }
  // The policy of every other way a password is set; the initial one was checked once for the call.
  if (own !== undefined && passwordProblem(own)) refuse(row, 'password', COMMON_PASSWORD_INVALID, { field: 'password' });
  // A refused row is still read for its department, post and duplicates; it is never inserted.
  const v = parsed.success ? parsed.data : undefined;
  return {
    row,
    username: v?.username ?? raw.username.trim(),
    mobile: v?.mobile ?? raw.mobile.trim(),
    password: own,
    dept: raw.dept.trim(),
    post: raw.post.trim(),
    values: {
      username: v?.username ?? '',
      realName: v?.realName ?? '',
      mobile: v?.mobile ?? '',
      email: v?.email ?? '',
      sex: v?.sex ?? 0,
      status: v?.status ?? 1,
      remark: v?.remark ?? '',
      source: userSource.imported,
    },
  };
}

/** A name or number a second time in the part: the later rows are refused, naming the first. */
function notTwice(rows: readonly Candidate[], refuse: Refuse): void {
  const names = new Map<string, number>();
  const numbers = new Map<string, number>();
  for (const c of rows) {
    const name = c.username.toLowerCase();
    const number = mobileKey(c.mobile);
    const nameAt = name === '' ? undefined : names.get(name);
    const numberAt = number === '' ? undefined : numbers.get(number);
    if (nameAt !== undefined) refuse(c.row, 'username', USERNAME_TWICE, { username: c.username, row: nameAt });
    else names.set(name, c.row);
    if (numberAt !== undefined) refuse(c.row, 'mobile', MOBILE_TWICE, { mobile: c.mobile, row: numberAt });
    else numbers.set(number, c.row);
  }
}

/** Each row's department and post cells as ids of the tenant's records, the department within the caller's data scope. */
async function resolveDeptsAndPosts(db: Db, session: Session, rows: Candidate[], refuse: Refuse): Promise<void> {
  if (rows.length === 0) return;
  const wanted = (pick: (c: Candidate) => string) => [...new Set(rows.map(pick).filter((v) => v !== ''))];
  const deptValues = wanted((c) => c.dept);
  const postValues = wanted((c) => c.post);
  const tenantId = session.tenantId;
  const deptRows: Named[] =
    deptValues.length === 0
      ? []
      : await db
          .select({ id: depts.id, code: depts.code, name: depts.name })
          .from(depts)
          .where(and(eq(depts.tenantId, tenantId), or(inArray(depts.code, deptValues), inArray(depts.name, deptValues))));
  const postRows: Named[] =
    postValues.length === 0
      ? []
      : await db
          .select({ id: posts.id, code: posts.code, name: posts.name })
          .from(posts)
          .where(and(eq(posts.tenantId, tenantId), or(inArray(posts.code, postValues), inArray(posts.name, postValues))));
  const reach = await deptsInScope(db, session);
  for (const c of rows) {
    if (c.dept === '') {
      if (reach !== 'all') refuse(c.row, 'dept', DEPT_NONE);
      c.values.deptId = null;
    } else {
      const found = lookup(deptRows, c.dept);
      if ('unknown' in found) refuse(c.row, 'dept', DEPT_UNKNOWN, { value: c.dept });
      else if ('ambiguous' in found) refuse(c.row, 'dept', DEPT_AMBIGUOUS, { value: c.dept, count: found.ambiguous });
      else if (reach !== 'all' && !reach.has(found.id)) refuse(c.row, 'dept', DEPT_OUTSIDE, { value: c.dept });
      else c.values.deptId = found.id;
    }
    if (c.post === '') c.values.postId = null;
    else {
      const found = lookup(postRows, c.post);
      if ('id' in found) c.values.postId = found.id;
      else refuse(c.row, 'post', POST_UNKNOWN, { value: c.post });
    }
  }
}

/** The keys (mobileKey) of those of `numbers` already on a live user of the tenant: one statement, through users_tenant_mobile_uq. */
async function numbersInTenant(db: Db, tenantId: number, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const found = await rowsOf<{ key: string }>(
    db,
    sql`select uc_mobile_key(n.v) as key from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) as n(v)
      where exists (select 1 from ${users} u where u.tenant_id = ${tenantId} and u.deleted_at is null and uc_mobile_key(u.mobile) = uc_mobile_key(n.v))`,
  );
  return new Set(found.map((r) => r.key));
}

/**
 * Rows the insert skipped: their number reached another user of the tenant after the check (a
 * write at the same moment), or their name is taken, in this tenant or another (user names are
 * global; the caller cannot read other tenants' users, the unique index can).
 */
async function explainConflicts(db: Db, by: NumberSetter, rows: Candidate[], refuse: Refuse): Promise<void> {
  const clashes = await numbersInTenant(
    db,
    by.session.tenantId,
    rows.map((c) => c.mobile),
  );
  let late = 0;
  for (const c of rows) {
    if (clashes.has(mobileKey(c.mobile))) {
      late++;
      refuse(c.row, 'mobile', MOBILE_TAKEN, { mobile: c.mobile });
    } else refuse(c.row, 'username', USERNAME_TAKEN, { username: c.username });
  }
  if (late === 0) return;
  try {
    await countClashes(db, by, late);
  } catch (err) {
    // Counted all the same; the rows already inserted stand, and the next call waits at the limit.
    if (!(err instanceof RefusalAfterCommit)) throw err;
  }
}
