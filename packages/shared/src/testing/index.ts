// Test helpers for every browser package (`@uc/shared/testing`): fixtures and mocked calls that are
// checked against the contracts, so a mock cannot drift from what the server answers.
import type { CallContract } from '../contracts/define-call';
import { currentUserSchema, type CurrentUser } from '../contracts/member.contract';
import type { AdminMenuItem } from '../contracts/role.contract';

/** A signed-in user: the platform's super administrator unless `over` says otherwise (parsed by the contract). */
export const testUser = (over: Partial<CurrentUser> = {}): CurrentUser =>
  currentUserSchema.parse({
    id: 1,
    username: 'admin',
    realName: '',
    avatar: '',
    tenantId: 1,
    tenantName: 'P',
    isSuperAdmin: true,
    roles: [],
    permissions: [],
    ...over,
  });

/**
 * A `call` mock implementation: `answer(contract, options)` gives each call's data, which is parsed
 * through that call's contract before the page sees it. A test whose mock leaves out a field, or gets
 * its type wrong, fails with the contract's message instead of passing on data the server never sends.
 */
export function answering(answer: (contract: CallContract, options?: { query?: unknown; body?: unknown }) => unknown) {
  // Typed loosely on purpose: it stands in for the generic `call`, whose callers get typed data.
  return (async (contract: CallContract, options?: { query?: unknown; body?: unknown }) => contract.data.parse(await answer(contract, options))) as never;
}

/** `answering` for a sequence: each call gets the next answer (the last one repeats), parsed through its contract. */
export function answersInTurn(...answers: unknown[]) {
  let next = 0;
  return answering(() => answers[Math.min(next++, answers.length - 1)]);
}

/** A side-menu entry (the admin menu's shape) at `path`, holding `children`. */
export const testMenuItem = (path: string, children: AdminMenuItem[] = [], extra: Partial<AdminMenuItem> = {}): AdminMenuItem => ({
  id: path.length,
  name: path,
  locale: '',
  path,
  icon: '',
  remark: '',
  redirect: '',
  hidden: false,
  children,
  ...extra,
});
