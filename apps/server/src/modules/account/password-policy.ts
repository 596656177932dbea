import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../../lib/server-root';
import { badRequest } from '../../lib/errors';

/*
 * The password policy (DESIGN.md section 5): 8 to 64 characters (the contract checks the length),
 * not one of the 1000 most common passwords, no composition rules. Stored with argon2id.
 */

let common: Set<string> | undefined;
const commonPasswords = (): Set<string> =>
  (common ??= new Set(
    readFileSync(join(serverRoot(), 'assets', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  ));

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws a 400 naming the field when the password is too common (length is the contract's job). */
export function checkPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw badRequest('password: this password is among the most commonly used ones and easy to guess: choose another (a few unrelated words make a good one)');
  }
}
