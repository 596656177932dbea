import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { blockUntil, clearCounter, countHit, readCounters, type Counter } from '../security/rate-limit.repository';

/*
 * Failed sign-ins, counted per account (the name as typed, so unknown names count the same way and
 * reveal nothing) and per IP address. After `captchaAfter` failures the account needs a captcha;
 * after `delayAfter` (account) or `ipDelayAfter` (IP) each further failure locks for 1 s, 2 s, 4 s ...
 * up to `maxDelaySeconds`; a locked attempt is a 429 with Retry-After, not a password check.
 */

const accountKey = (username: string) => `login:account:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export interface ThrottleState {
  captchaRequired: boolean;
}

export const CAPTCHA_REQUIRED = 'Too many failed sign-ins for this account: enter the verification code from the captcha image (cid and code) and try again';

/** A 429 while any of `counters` is locked; `hint` says what else the caller can do. */
function refuseLocked(counters: Counter[], hint: string): void {
  const now = Date.now();
  const lockedFor = Math.max(0, ...counters.map((c) => (c.blockedUntil ? c.blockedUntil.getTime() - now : 0)));
  if (lockedFor > 0) {
    const seconds = Math.ceil(lockedFor / 1000);
    throw tooManyRequests(`Too many failed sign-ins: wait ${seconds} seconds, then try again${hint}`, seconds);
  }
}

/** Refuses a locked account or IP (429); tells whether the account needs a captcha now. */
export async function checkThrottle(db: Db, cfg: LoginThrottleConfig, username: string, ip: string): Promise<ThrottleState> {
  const counters = await readCounters(db, [accountKey(username), ipKey(ip)], cfg.windowMinutes * 60);
  refuseLocked(counters, ' (or reset your password by SMS)');
  const account = counters.find((c) => c.key === accountKey(username));
  return { captchaRequired: cfg.captchaAfter > 0 && (account?.hits ?? 0) >= cfg.captchaAfter };
}

/**
 * Refuses a locked IP (429), for sign-ins without an account name (open access keys). They share the
 * IP's counter with password sign-ins, so switching between the two buys an attacker nothing.
 */
export async function checkIpThrottle(db: Db, cfg: LoginThrottleConfig, ip: string): Promise<void> {
  refuseLocked(await readCounters(db, [ipKey(ip)], cfg.windowMinutes * 60), ' with a correctly signed request');
}

const delay = (cfg: LoginThrottleConfig, hits: number, after: number) =>
  hits > after ? Math.min(cfg.maxDelaySeconds, 2 ** Math.min(hits - after - 1, 30)) : 0;

async function lockPast(db: Db, cfg: LoginThrottleConfig, counter: Counter, after: number): Promise<void> {
  const seconds = delay(cfg, counter.hits, after);
  if (seconds > 0) await blockUntil(db, counter.key, new Date(Date.now() + seconds * 1000));
}

/** Counts a failure on the account and the IP, locking them when past their thresholds. */
export async function recordFailure(db: Db, cfg: LoginThrottleConfig, username: string, ip: string): Promise<void> {
  const window = cfg.windowMinutes * 60;
  const account = await countHit(db, accountKey(username), window);
  const address = await countHit(db, ipKey(ip), window);
  await lockPast(db, cfg, account, cfg.delayAfter);
  await lockPast(db, cfg, address, cfg.ipDelayAfter);
}

/** Counts a failure on the IP only (checkIpThrottle's counterpart). */
export async function recordIpFailure(db: Db, cfg: LoginThrottleConfig, ip: string): Promise<void> {
  await lockPast(db, cfg, await countHit(db, ipKey(ip), cfg.windowMinutes * 60), cfg.ipDelayAfter);
}

/** A successful sign-in forgets the account's failures (the IP's stay: others may share it). */
export async function recordSuccess(db: Db, username: string): Promise<void> {
  await clearCounter(db, accountKey(username));
}
