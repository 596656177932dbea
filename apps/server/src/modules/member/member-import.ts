import { sql } from 'drizzle-orm';
import { memberEditBody, userSource, type MemberImportRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';
import { PARSE_OPTIONS, zodMessage } from '../../lib/zod-message';
import type { Session } from '../auth/access';
import { hashPassword } from '../auth/auth.service';
import { passwordProblem } from '../account/password-policy';
import { assertQuota } from '../quota/quota';
import { countClashes, isMobileInTenant, MOBILE_IN_TENANT, refuseAtClashLimit } from './member-mobile';
import { inTransaction } from '../../db/typed';

class RollBack extends Error {}

const PASSWORD_REQUIRED = 'password: password is required for a new user';
const IN_ANOTHER_ROW = 'username: "{username}" is also in row {row}';
const USERNAME_TAKEN = 'username: the user name "{username}" is already taken: choose another';

/**
 * All or nothing: every row is checked (the edit call's rules, names unique in the file and in the
 * database, phone numbers unique in the tenant, which also catches a number twice in the file) and
 * inserted inside one savepoint; any refused row rolls the whole import back, and the answer lists
 * every refused row with its reason. The numbers come in unverified (member-mobile.ts), and each row
 * refused for its number counts against the clash limits of the caller's account and `ip`.
 */
export async function importMembers(
  db: Db,
  session: Session,
  rows: MemberImportRow[],
  locale: MessageLocale,
  ip: string,
): Promise<{ imported: number; errors: { row: number; message: string }[] }> {
  const errors: { row: number; message: string }[] = [];
  // The report is part of a successful answer, so its row messages are written in the reader's language here.
  const say = (template: string, params?: MessageParams) => renderMessage(template, params, locale);
  const seen = new Map<string, number>();
  const valid: { row: number; values: ReturnType<typeof memberEditBody.parse> }[] = [];
  rows.forEach((raw, i) => {
    const parsed = memberEditBody.safeParse({ ...raw, id: undefined }, PARSE_OPTIONS);
    if (!parsed.success) return void errors.push({ row: i + 1, message: zodMessage(parsed.error, { locale }) });
    if (!parsed.data.password) return void errors.push({ row: i + 1, message: say(PASSWORD_REQUIRED) });
    // The policy of every other way a password is set (checked here, per row, so the report lists them all).
    const weak = passwordProblem(parsed.data.password);
    if (weak) return void errors.push({ row: i + 1, message: say(weak, { field: 'password' }) });
    const key = parsed.data.username.toLowerCase();
    const earlier = seen.get(key);
    if (earlier) return void errors.push({ row: i + 1, message: say(IN_ANOTHER_ROW, { username: parsed.data.username, row: earlier }) });
    seen.set(key, i + 1);
    valid.push({ row: i + 1, values: parsed.data });
  });
  if (errors.length > 0) return { imported: 0, errors };
  // Every row sets a number: at the clash limit the file waits, whatever its numbers.
  const by = { session, ip };
  await refuseAtClashLimit(db, by);
  let clashes = 0;
  // Hashed before the quota check: its lock queues the tenant's other user writes until commit.
  const hashes: string[] = [];
  for (const { values } of valid) hashes.push(await hashPassword(values.password!));
  // All rows or none: the whole file must fit in the tenant policy's maximum number of users.
  await assertQuota(db, session.tenantId, 'users', valid.length);
  try {
    await inTransaction(db, async (all) => {
      for (const [i, { row, values }] of valid.entries()) {
        const { password: _password, roleIds: _roles, id: _id, ...rest } = values;
        try {
          await inTransaction(all, async (one) => {
            await one
              .insert(users)
              .values({ ...rest, tenantId: session.tenantId, passwordHash: hashes[i]!, source: userSource.imported, updatedAt: sql`now()` });
          });
        } catch (err) {
          if (isMobileInTenant(err)) {
            clashes++;
            errors.push({ row, message: say(MOBILE_IN_TENANT, { mobile: values.mobile }) });
          } else if (isUniqueViolation(err, 'users_username_lower_uq')) errors.push({ row, message: say(USERNAME_TAKEN, { username: values.username }) });
          else throw err;
        }
      }
      if (errors.length > 0) throw new RollBack();
    });
  } catch (err) {
    if (err instanceof RollBack) {
      // Rolled back to the savepoint: the counts are the only write, and they stand (countClashes).
      if (clashes > 0) await countClashes(db, by, clashes);
      return { imported: 0, errors };
    }
    throw err;
  }
  return { imported: valid.length, errors: [] };
}
