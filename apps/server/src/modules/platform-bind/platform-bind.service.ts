import { BindStatus, type PlatformBindBody, type PlatformBinding, type PlatformBindView } from '@uc/contracts';
import { renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import type { SecretBox } from '../open-access/secret-box';
import { deleteBinding, localUser, ownBinding, recordCheck, saveBinding, type BindingRow as Row } from './platform-bind.repository';
import { PlatformError, SESSION_ENDED, type PlatformClient } from './platform-client';

/*
 * The caller's own binding to an account on another platform. Every query runs in the caller's
 * tenant transaction (ctx.db, row-level security on) and names the caller's tenant and user: a user
 * only ever sees and changes their own row. No cross-tenant scope is entered although the calls are
 * platformOnly: a binding is the user's own data in their own tenant, and needs no more.
 *
 * The calls to the platform run inside that transaction (the route registrar opens it before the
 * handler); PlatformClient keeps them to a few seconds. A refused bind throws, so nothing changes;
 * a check records its outcome (bound, failed or expired, with the reason) and answers it.
 */

export const NOT_BOUND = 'You have not bound a platform account yet: bind one first';
export const TOKEN_UNREADABLE =
  "The stored platform session cannot be read with this server's key (OPEN_ACCESS_KEY or DATA_DIR/secret.key changed): bind again with your password";
export const SIGNED_OUT_AT_ONCE = 'The platform ended the new session at once: check on the platform that this account may use its console, then bind again';

export interface BindDeps {
  box: SecretBox;
  client: PlatformClient;
}

/** The sealed token is bound to its tenant and user: copied onto another row, it does not open. */
const sealedFor = (session: Session) => `platform-bind:${session.tenantId}:${session.userId}`;

const toBinding = (row: Row, locale: MessageLocale): PlatformBinding => ({
  platformUrl: row.platformUrl,
  clientId: row.clientId,
  username: row.username,
  platformUserId: row.platformUserId,
  platformUsername: row.platformUsername,
  platformRealName: row.platformRealName,
  status: row.status,
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastError: row.lastError ? renderMessage(row.lastError, row.lastErrorParams, locale) : '',
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function viewBinding(db: Db, session: Session, locale: MessageLocale): Promise<PlatformBindView> {
  const local = await localUser(db, session);
  const row = await ownBinding(db, session);
  return {
    local: local ?? { userId: session.userId, username: session.username, realName: '' },
    binding: row ? toBinding(row, locale) : null,
  };
}

/**
 * Signs in on the platform and reads the account; then keeps the new session (replacing any earlier
 * binding, whose session is signed out there). Any refusal throws before anything is written.
 */
export async function bind(db: Db, session: Session, body: PlatformBindBody, deps: BindDeps, locale: MessageLocale): Promise<PlatformBindView> {
  const { box, client } = deps;
  const base = client.normalize(body.platformUrl);
  // One time budget for both calls: the caller's transaction waits on them.
  const budget = client.budget();
  const login = await client.login(base, body, locale, budget);
  let account;
  try {
    account = await client.memberInfo(base, login.token, locale, budget);
  } catch (err) {
    void client.logout(base, login.token);
    if (err instanceof PlatformError && err.failure === 'session_ended') throw new PlatformError('refused', SIGNED_OUT_AT_ONCE);
    throw err;
  }
  const earlier = await ownBinding(db, session);
  await saveBinding(db, session, {
    platformUrl: base,
    clientId: body.clientId,
    username: body.username,
    tokenEnc: box.seal(login.token, sealedFor(session)),
    platformUserId: account.id,
    platformUsername: account.username,
    platformRealName: account.realName,
  });
  if (earlier) signOutEarlier(deps, earlier, session);
  return viewBinding(db, session, locale);
}

/** The replaced or removed session, signed out on its platform without waiting (it expires there anyway). */
function signOutEarlier({ box, client }: BindDeps, row: Row, session: Session): void {
  const token = box.open(row.tokenEnc, sealedFor(session));
  if (!token) return;
  let base: string;
  try {
    base = client.normalize(row.platformUrl);
  } catch {
    return; // no longer an allowed host: nothing is sent there
  }
  void client.logout(base, token);
}

/** Asks the platform now whether the stored session still works, and records what it said. */
export async function checkBinding(db: Db, session: Session, deps: BindDeps, locale: MessageLocale): Promise<PlatformBindView> {
  const row = await ownBinding(db, session);
  if (!row) throw notFound(NOT_BOUND);
  await recordCheck(db, session, await verify(row, session, deps, locale));
  return viewBinding(db, session, locale);
}

type Outcome =
  | {
      status: typeof BindStatus.bound;
      lastError: '';
      lastErrorParams: MessageParams;
      platformUserId: number;
      platformUsername: string;
      platformRealName: string;
    }
  | { status: typeof BindStatus.failed | typeof BindStatus.expired; lastError: string; lastErrorParams: MessageParams };

async function verify(row: Row, session: Session, { box, client }: BindDeps, locale: MessageLocale): Promise<Outcome> {
  const token = box.open(row.tokenEnc, sealedFor(session));
  if (!token) return { status: BindStatus.expired, lastError: TOKEN_UNREADABLE, lastErrorParams: {} };
  try {
    const account = await client.memberInfo(client.normalize(row.platformUrl), token, locale);
    return {
      status: BindStatus.bound,
      lastError: '',
      lastErrorParams: {},
      platformUserId: account.id,
      platformUsername: account.username,
      platformRealName: account.realName,
    };
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    // The platform said the session is gone: only a new bind helps. Anything else may pass (the
    // platform was down, busy or misconfigured): the binding stays, marked failed, with the reason.
    if (err.failure === 'session_ended') return { status: BindStatus.expired, lastError: SESSION_ENDED, lastErrorParams: {} };
    return { status: BindStatus.failed, lastError: err.message, lastErrorParams: err.params ?? {} };
  }
}

/** Removes the binding and its stored session; the session is signed out on the platform too, without waiting. */
export async function unbind(db: Db, session: Session, deps: BindDeps): Promise<void> {
  const row = await deleteBinding(db, session);
  if (!row) throw notFound(NOT_BOUND);
  signOutEarlier(deps, row, session);
}

export async function platformCaptcha(platformUrl: string, { client }: BindDeps, locale: MessageLocale) {
  return client.captcha(client.normalize(platformUrl), locale);
}
