import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SmsEvent } from '@uc/contracts';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { enforceLimit } from '../security/rate-limit.repository';
import { readSettings } from '../site/settings.repository';
import { SMS_SETTINGS_DEFAULTS } from '../site/site.settings';
import type { SmsDriver } from './sms.driver';

/*
 * SMS codes: 6 digits, valid 10 minutes, single use, bound to mobile and event; a resend waits the
 * site setting smsCooldownSeconds (60 seconds unless the site settings page changed it); a code dies
 * after 5 wrong guesses; per-mobile and per-IP hourly limits. Only a hash of the code is stored. All
 * on the system connection (reviewed bypass: no tenant is known yet).
 */

export const SMS_CODE_TTL_SECONDS = 10 * 60;
export const SMS_MAX_GUESSES = 5;
export const SMS_PER_MOBILE_PER_HOUR = 10;
export const SMS_PER_IP_PER_HOUR = 30;

const hashCode = (mobile: string, event: string, code: string) => createHash('sha256').update(`${mobile}:${event}:${code}`).digest('hex');

const TEXT: Record<SmsEvent, string> = {
  login: 'Your sign-in code is %s, valid for 10 minutes. Do not share it.',
  register: 'Your registration code is %s, valid for 10 minutes.',
  resetPwd: 'Your password reset code is %s, valid for 10 minutes. If you did not ask for it, ignore this message.',
  bind: 'Your code to bind this number is %s, valid for 10 minutes.',
  changeMobile: 'Your code to make this number the phone number of your account is %s, valid for 10 minutes. If you did not ask for it, ignore this message.',
};

/** Issues and delivers a new code (the older ones of mobile+event stop working). */
export async function sendSmsCode(db: Db, driver: SmsDriver, input: { mobile: string; event: SmsEvent; ip: string; deliver: boolean }) {
  const { smsCooldownSeconds } = await readSettings(db, SMS_SETTINGS_DEFAULTS);
  const [last] = await db
    .select({ age: sql<number>`extract(epoch from (now() - ${smsCodes.createdAt}))::float8` })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.event, input.event)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last && Number(last.age) < smsCooldownSeconds) {
    const wait = Math.ceil(smsCooldownSeconds - Number(last.age));
    throw tooManyRequests('A code was sent to this number a moment ago: wait {seconds} seconds before asking for another', wait, { seconds: wait });
  }
  await enforceLimit(db, `sms:ip:${input.ip}`, SMS_PER_IP_PER_HOUR, 3600, 'SMS codes from this address');
  await enforceLimit(db, `sms:mobile:${input.mobile}`, SMS_PER_MOBILE_PER_HOUR, 3600, 'SMS codes for this number');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(smsCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.event, input.event), isNull(smsCodes.usedAt)));
    await tx.insert(smsCodes).values({
      mobile: input.mobile,
      event: input.event,
      codeHash: hashCode(input.mobile, input.event, code),
      expiresAt: sql`now() + make_interval(secs => ${SMS_CODE_TTL_SECONDS})`,
    });
  });
  // A number with no account gets no message for login/resetPwd, but the same answer (no enumeration).
  if (input.deliver) await driver.send(db, { mobile: input.mobile, event: input.event, code, text: TEXT[input.event].replace('%s', code) });
  return { cooldownSeconds: smsCooldownSeconds, expiresInSeconds: SMS_CODE_TTL_SECONDS };
}

/**
 * One guess at the live code of mobile+event, counted and compared in a single statement: concurrent
 * guesses wait for each other on the row, so no more than SMS_MAX_GUESSES are ever compared (two
 * statements, compare then count, let a burst compare every guess before any was counted). A wrong
 * last guess kills the code; `spend` uses it up on a match as well.
 */
async function guess(db: Db, mobile: string, event: SmsEvent, code: string, spend: boolean): Promise<boolean> {
  const matches = sql`${smsCodes.codeHash} = ${hashCode(mobile, event, code)}`;
  const lastGuess = sql`${smsCodes.attempts} + 1 >= ${SMS_MAX_GUESSES}`;
  const rows = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      usedAt: spend ? sql`case when ${matches} or ${lastGuess} then now() end` : sql`case when not ${matches} and ${lastGuess} then now() end`,
    })
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.event, event),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, sql`now()`),
        lt(smsCodes.attempts, SMS_MAX_GUESSES),
      ),
    )
    .returning({ matches: sql<boolean>`${matches}` });
  return rows.some((r) => r.matches);
}

/**
 * Spends the live code of mobile+event when `code` matches; any guess counts against the code. With
 * `spend: false` a matching code stays usable (the caller found nothing to use it on yet).
 */
export const consumeSmsCode = (db: Db, mobile: string, event: SmsEvent, code: string, { spend = true }: { spend?: boolean } = {}): Promise<boolean> =>
  guess(db, mobile, event, code, spend);

/**
 * Checks `code` without spending it, for a caller that may still refuse for another reason (then the
 * person fixes that and tries again with the same code); the check counts as one of its guesses.
 * Spend it with spendSmsCode in the transaction that acts on it.
 */
export const checkSmsCode = (db: Db, mobile: string, event: SmsEvent, code: string): Promise<boolean> => guess(db, mobile, event, code, false);

/** Uses up a code checkSmsCode accepted; false when it was spent meanwhile (or has expired). */
export async function spendSmsCode(db: Db, mobile: string, event: SmsEvent, code: string): Promise<boolean> {
  const spent = await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.event, event),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, sql`now()`),
        eq(smsCodes.codeHash, hashCode(mobile, event, code)),
      ),
    )
    .returning({ id: smsCodes.id });
  return spent.length > 0;
}
