import { sql } from 'drizzle-orm';
import { memberEditBody, type MemberImportRow } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { zodMessage } from '../../lib/zod-message';
import type { Session } from '../auth/access';
import { hashPassword } from '../auth/auth.service';
import { passwordProblem } from '../account/password-policy';
import { assertQuota } from '../quota/quota';
import { isMobileTaken, mobileTakenMessage } from './member-mobile';
import { inTransaction } from '../../db/typed';

class RollBack extends Error {}

/**
 * All or nothing: every row is checked (the edit call's rules, names unique in the file and in the
 * database, phone numbers unique in the database, which also catches a number twice in the file)
 * and inserted inside one savepoint; any refused row rolls the whole import back, and the
 * answer lists every refused row with its reason.
 */
export async function importMembers(
  db: Db,
  session: Session,
  rows: MemberImportRow[],
): Promise<{ imported: number; errors: { row: number; message: string }[] }> {
  const errors: { row: number; message: string }[] = [];
  const seen = new Map<string, number>();
  const valid: { row: number; values: ReturnType<typeof memberEditBody.parse> }[] = [];
  rows.forEach((raw, i) => {
    const parsed = memberEditBody.safeParse({ ...raw, id: undefined });
    if (!parsed.success) return void errors.push({ row: i + 1, message: zodMessage(parsed.error) });
    if (!parsed.data.password) return void errors.push({ row: i + 1, message: 'password: password is required for a new user' });
    // The policy of every other way a password is set (checked here, per row, so the report lists them all).
    const weak = passwordProblem(parsed.data.password);
    if (weak) return void errors.push({ row: i + 1, message: weak });
    const key = parsed.data.username.toLowerCase();
    if (seen.has(key)) return void errors.push({ row: i + 1, message: `username: "${parsed.data.username}" is also in row ${seen.get(key)}` });
    seen.set(key, i + 1);
    valid.push({ row: i + 1, values: parsed.data });
  });
  if (errors.length > 0) return { imported: 0, errors };
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
            await one.insert(users).values({ ...rest, tenantId: session.tenantId, passwordHash: hashes[i]!, updatedAt: sql`now()` });
          });
        } catch (err) {
          if (isMobileTaken(err)) errors.push({ row, message: mobileTakenMessage(values.mobile) });
          else if (isUniqueViolation(err, 'users_username_lower_uq'))
            errors.push({ row, message: `username: the user name "${values.username}" is already taken` });
          else throw err;
        }
      }
      if (errors.length > 0) throw new RollBack();
    });
  } catch (err) {
    if (err instanceof RollBack) return { imported: 0, errors };
    throw err;
  }
  return { imported: valid.length, errors: [] };
}
