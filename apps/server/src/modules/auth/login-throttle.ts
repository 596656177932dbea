import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { clearCounter, releaseSlot, reserveSlot, type SlotRule } from '../security/rate-limit.repository';

/*
 * Failed sign-ins, counted per account (the name as typed, so unknown names count the same way and
 * reveal nothing) and per IP address. After `captchaAfter` failures the account needs a captcha;
 * after `delayAfter` (account) or `ipDelayAfter` (IP) each further attempt locks for 1 s, 2 s, 4 s ...
 * up to `maxDelaySeconds`; a locked attempt is a 429 with Retry-After, not a password check.
 *
 * Every attempt is counted as a failure BEFORE the password is looked at (one atomic statement per
 * counter, see reserveSlot), and the password is checked only when that count allows it. Counting
 * afterwards let a burst of simultaneous guesses all read "no failures yet" and all be checked. Right
 * credentials give the count back. The captcha is settled before anything is counted: an attempt
 * without one never counts, so nobody can lock other people's accounts without solving captchas.
 */

const accountKey = (username: string) => `login:account:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

const rule = (cfg: LoginThrottleConfig, lockAfter: number, admitUpTo?: number): SlotRule => ({
  windowSeconds: cfg.windowMinutes * 60,
  lockAfter,
  maxLockSeconds: cfg.maxDelaySeconds,
  admitUpTo,
});

export const CAPTCHA_REQUIRED = 'Too many failed sign-ins for this account: enter the verification code from the captcha image (cid and code) and try again';

/** A sign-in attempt counted as failed already: a failure needs no further call. */
export interface CountedSignIn {
  captchaRequired: false;
  /** The password was right: the account's failures are forgotten; the IP's stay (others may share it). */
  succeeded(): Promise<void>;
}
/** Not counted: the account needs a captcha first. */
export type SignInAttempt = CountedSignIn | { captchaRequired: true };

/** An open access sign-in attempt, counted on the IP only. */
export interface IpSignInAttempt {
  /** The signature was right, so this was no guess: the attempt does not count. */
  succeeded(): Promise<void>;
}

/** The refusal while locked; `template` says what else the person can do. */
const LOCKED = 'Too many failed sign-ins: wait {seconds} seconds, then try again (or reset your password by SMS)';
const LOCKED_SIGNED = 'Too many failed sign-ins: wait {seconds} seconds, then try again with a correctly signed request';
const locked = (seconds: number, template: string) => tooManyRequests(template, seconds, { seconds });

/**
 * Counts a password sign-in attempt on the account, then on the IP, or refuses it: a 429 while either
 * is locked, `captchaRequired` when the account has failed `captchaAfter` times and `captchaSolved` is
 * false. A refused attempt is not counted. Call before looking at the password.
 */
export async function beginSignIn(db: Db, cfg: LoginThrottleConfig, username: string, ip: string, captchaSolved: boolean): Promise<SignInAttempt> {
  const withoutCaptcha = cfg.captchaAfter > 0 && !captchaSolved ? cfg.captchaAfter : undefined;
  const account = await reserveSlot(db, accountKey(username), rule(cfg, cfg.delayAfter, withoutCaptcha));
  if (account.outcome === 'full') return { captchaRequired: true };
  if (account.outcome === 'locked') throw locked(account.retryAfterSeconds, LOCKED);
  const address = await reserveSlot(db, ipKey(ip), rule(cfg, cfg.ipDelayAfter));
  if (address.outcome !== 'admitted') {
    // Nothing will be checked: the account's count goes back.
    await releaseSlot(db, account.slot);
    throw locked(address.outcome === 'locked' ? address.retryAfterSeconds : 1, LOCKED);
  }
  return {
    captchaRequired: false,
    async succeeded() {
      await clearCounter(db, accountKey(username));
      await releaseSlot(db, address.slot);
    },
  };
}

/**
 * Counts a sign-in attempt without an account name (open access keys) on the IP, or refuses it with
 * a 429 while the IP is locked. It shares the IP's counter with password sign-ins, so switching
 * between the two buys an attacker nothing.
 */
export async function beginIpSignIn(db: Db, cfg: LoginThrottleConfig, ip: string): Promise<IpSignInAttempt> {
  const address = await reserveSlot(db, ipKey(ip), rule(cfg, cfg.ipDelayAfter));
  if (address.outcome !== 'admitted') throw locked(address.outcome === 'locked' ? address.retryAfterSeconds : 1, LOCKED_SIGNED);
  return { succeeded: () => releaseSlot(db, address.slot) };
}
