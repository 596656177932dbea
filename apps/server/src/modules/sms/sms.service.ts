import { createHash, randomInt } from 'node:crypto';
import type { SmsEvent } from '@uc/contracts';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { enforceLimit } from '../security/rate-limit.service';
import { readSettings } from '../site/settings.repository';
import { SMS_SETTINGS_DEFAULTS } from '../site/site.settings';
import { guessCode, replaceCode, secondsSinceLastCode, spendCode } from './sms-code.repository';
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
  const age = await secondsSinceLastCode(db, input);
  if (age !== undefined && age < smsCooldownSeconds) {
    const wait = Math.ceil(smsCooldownSeconds - age);
    throw tooManyRequests('A code was sent to this number a moment ago: wait {seconds} seconds before asking for another', wait, { seconds: wait });
  }
  await enforceLimit(db, `sms:ip:${input.ip}`, SMS_PER_IP_PER_HOUR, 3600, 'SMS codes from this address');
  await enforceLimit(db, `sms:mobile:${input.mobile}`, SMS_PER_MOBILE_PER_HOUR, 3600, 'SMS codes for this number');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceCode(db, input, hashCode(input.mobile, input.event, code), SMS_CODE_TTL_SECONDS);
  // A number with no account gets no message for login/resetPwd, but the same answer (no enumeration).
  if (input.deliver) await driver.send(db, { mobile: input.mobile, event: input.event, code, text: TEXT[input.event].replace('%s', code) });
  return { cooldownSeconds: smsCooldownSeconds, expiresInSeconds: SMS_CODE_TTL_SECONDS };
}

/** One guess at the live code of mobile+event, counted (sms-code.repository.ts guessCode); `spend` uses it up on a match. */
const guess = (db: Db, mobile: string, event: SmsEvent, code: string, spend: boolean): Promise<boolean> =>
  guessCode(db, { mobile, event }, hashCode(mobile, event, code), { spend, maxGuesses: SMS_MAX_GUESSES });

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
export const spendSmsCode = (db: Db, mobile: string, event: SmsEvent, code: string): Promise<boolean> =>
  spendCode(db, { mobile, event }, hashCode(mobile, event, code));
