import { Status, type ListQuery, type OpenAccessInput, type OpenAccessRecord, type OpenAccessSecret, openAccessInputSchema } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { ListPage } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { revokeKeySessions } from '../auth/session.repository';
import { coverageGap } from '../member/member-coverage';
import {
  findKey,
  findKeyRecord,
  holdKey,
  insertKey,
  listKeyRecords,
  removeKey,
  setSecret,
  updateKey,
  updateKeyStatus,
  userInScope,
} from './open-access.repository';
import type { SecretBox } from './secret-box';

/*
 * Open access keys of the caller's tenant. Every query runs in the caller's withTenant transaction
 * (ctx.db, row-level security on) and filters by the session's tenant as well.
 *
 * A key's sessions (sessions.open_access_key_id) live only as long as the key stays as it was when
 * they signed in: disabling, rotating or relinking it revokes them in the same transaction, and
 * deleting it deletes them (foreign key cascade). The key is written first, then the sessions: the
 * write waits for a sign-in holding the key (holdKeyAsSigned), whose session the next statement sees.
 */

const missing = () => notFound('There is no such open access key in your tenant: reload the list');

export const newAccessKey = (): string => `ak_${randomBytes(16).toString('hex')}`;
export const newSecret = (): string => `sk_${randomBytes(32).toString('base64url')}`;

export async function listKeys(db: Db, session: Session, q: ListQuery & { keyword?: string | undefined }): Promise<ListPage<OpenAccessRecord>> {
  return listKeyRecords(db, session, q);
}

export async function viewKey(db: Db, session: Session, id: number): Promise<OpenAccessRecord> {
  const record = await findKeyRecord(db, session, id);
  if (!record) throw missing();
  return record;
}

/**
 * The linked user: of the caller's tenant, within the caller's data scope, and holding nothing the
 * caller does not hold (a key must not let its maker act with more rights than their own).
 */
async function checkLinkedUser(db: Db, session: Session, userId: number): Promise<void> {
  if (!(await userInScope(db, session, userId))) {
    throw notFound('There is no such user in your tenant (or outside your data scope): choose the user the key acts as from the list');
  }
  // The rule of every call acting on a user (member-coverage.ts), with the key's own wording.
  const gap = await coverageGap(db, session, userId);
  if (gap === 'superAdmin') throw forbidden('Only the platform super administrator can make a key acting as the super administrator');
  if (gap) throw forbidden('That user holds permissions you do not hold: a key cannot act with more rights than your own');
}

export async function saveKey(
  db: Db,
  box: SecretBox,
  session: Session,
  input: z.output<typeof openAccessInputSchema>,
): Promise<{ id: number; key: string; secret?: string }> {
  const fields = { title: input.title, userId: input.userId, status: input.status, remark: input.remark };
  if (input.id !== undefined) {
    const existing = await findKey(db, session, input.id);
    if (!existing) throw missing();
    if (existing.userId !== input.userId) await checkLinkedUser(db, session, input.userId);
    await updateKey(db, session, input.id, fields);
    // Its sessions act as the old user, or belong to a key that is now off.
    if (input.status !== Status.enabled || existing.userId !== input.userId) await revokeKeySessions(db, session.tenantId, input.id);
    return { id: input.id, key: existing.key };
  }
  await checkLinkedUser(db, session, input.userId);
  const key = newAccessKey();
  const secret = newSecret();
  const id = await insertKey(db, session, { ...fields, accessKey: key, secretEnc: box.seal(secret, key), secretHint: secret.slice(-4) });
  return { id, key, secret };
}

export async function rotateKey(db: Db, box: SecretBox, session: Session, id: number): Promise<OpenAccessSecret> {
  const existing = await findKey(db, session, id);
  if (!existing) throw missing();
  const secret = newSecret();
  await setSecret(db, session, id, { secretEnc: box.seal(secret, existing.key), secretHint: secret.slice(-4) });
  // A rotation answers a leaked secret: what was signed in with it ends too.
  await revokeKeySessions(db, session.tenantId, id);
  return { id, key: existing.key, secret };
}

export async function setKeyStatus(db: Db, session: Session, id: number, status: number): Promise<void> {
  if (!(await updateKeyStatus(db, session, id, status))) throw missing();
  if (status !== Status.enabled) await revokeKeySessions(db, session.tenantId, id);
}

/** Deletes the key; its sessions go with it (the foreign key from sessions cascades). */
export async function deleteKey(db: Db, session: Session, id: number): Promise<void> {
  if (!(await removeKey(db, session, id))) throw missing();
}

/**
 * For a sign-in, in the transaction that opens its session: holds the key row (FOR SHARE, so a
 * disable, rotation, relink or delete waits until the session is committed and then ends it) and
 * refuses when the key is no longer the one whose secret verified the signature.
 */
export async function holdKeyAsSigned(tx: Db, signed: { tenantId: number; keyId: number; userId: number; secretEnc: string }, refusal: string): Promise<void> {
  if (!(await holdKey(tx, signed))) throw badRequest(refusal);
}

export type { OpenAccessInput };
