import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../../lib/server-root';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../auth/auth.service';

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

/** What is wrong with a password a person chose, as "field: reason" (length is the contract's job), or undefined. */
export const COMMON_PASSWORD_INVALID =
  '{field}: this password is among the most commonly used ones and easy to guess: choose another (a few unrelated words make a good one)';

/** The refusal's template (its only parameter is {field}) when the password breaks the policy. */
export function passwordProblem(password: string): string | undefined {
  return isCommonPassword(password) ? COMMON_PASSWORD_INVALID : undefined;
}

/** Throws a 400 naming the field when the password breaks the policy. */
export function checkPassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem, { field });
}

/**
 * The one way to store a password that a person chose, whoever sets it (the user, an administrator,
 * an import): the policy first, then argon2id. hashPassword alone is for generated secrets.
 */
export async function hashChosenPassword(password: string, field = 'password'): Promise<string> {
  checkPassword(password, field);
  return hashPassword(password);
}
