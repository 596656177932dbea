import { Status, type ListQuery, type OpenAccessInput, type OpenAccessRecord, type OpenAccessSecret, openAccessInputSchema } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { openAccessKeys, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { listPage, listPlan, listWhere, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { revokeKeySessions } from '../auth/session.repository';
import { dataScopeCondition } from '../scope/data-scope';
import { coverageGap } from '../member/member-coverage';
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
export const maskSecret = (hint: string): string => `sk_…${hint}`;

const rowColumns = {
  id: openAccessKeys.id,
  title: openAccessKeys.title,
  key: openAccessKeys.accessKey,
  secretHint: openAccessKeys.secretHint,
  userId: openAccessKeys.userId,
  username: users.username,
  realName: users.realName,
  status: openAccessKeys.status,
  remark: openAccessKeys.remark,
  createdAt: openAccessKeys.createdAt,
  updatedAt: openAccessKeys.updatedAt,
};
type Row = { [K in keyof typeof rowColumns]: unknown } & { secretHint: string; createdAt: Date; updatedAt: Date };
const toRecord = ({ secretHint, createdAt, updatedAt, ...r }: Row): OpenAccessRecord => ({
  ...(r as Omit<OpenAccessRecord, 'secretMasked' | 'createdAt' | 'updatedAt'>),
  secretMasked: maskSecret(secretHint),
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const linkedUser = and(eq(users.tenantId, openAccessKeys.tenantId), eq(users.id, openAccessKeys.userId));
const base = (db: Db) => db.select(rowColumns).from(openAccessKeys).innerJoin(users, linkedUser);

const listSpec: ListSpec = {
  fields: {
    id: { column: openAccessKeys.id, type: 'number' },
    title: { column: openAccessKeys.title, type: 'string' },
    key: { column: openAccessKeys.accessKey, type: 'string' },
    userId: { column: openAccessKeys.userId, type: 'number' },
    username: { column: users.username, type: 'string' },
    status: { column: openAccessKeys.status, type: 'number' },
    remark: { column: openAccessKeys.remark, type: 'string' },
    createdAt: { column: openAccessKeys.createdAt, type: 'date' },
    updatedAt: { column: openAccessKeys.updatedAt, type: 'date' },
  },
  keywordFields: ['title', 'key', 'remark', 'username'],
};

export async function listKeys(db: Db, session: Session, q: ListQuery & { keyword?: string | undefined }): Promise<ListPage<OpenAccessRecord>> {
  const filter = [...(q.filter ?? []), ...(q.keyword ? [{ field: '', op: 'keyword' as const, value: q.keyword }] : [])];
  const where = and(eq(openAccessKeys.tenantId, session.tenantId), listWhere(listSpec, filter));
  const plan = listPlan(listSpec, q, [], [{ column: openAccessKeys.id, desc: true }]);
  const rows = await db
    .select({ ...rowColumns, ...plan.keyFields })
    .from(openAccessKeys)
    .innerJoin(users, linkedUser)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  // One after the other: both run on the request's single transaction connection.
  const countUpTo = async (limit: number) => {
    const inner = db
      .select({ one: sql`1` })
      .from(openAccessKeys)
      .innerJoin(users, linkedUser)
      .where(where)
      .limit(limit)
      .as('capped');
    const [row] = await db.select({ n: count() }).from(inner);
    return row?.n ?? 0;
  };
  return listPage(plan, rows, countUpTo, (r) => toRecord(r as Row));
}

export async function viewKey(db: Db, session: Session, id: number): Promise<OpenAccessRecord> {
  const [row] = await base(db).where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
  if (!row) throw missing();
  return toRecord(row as Row);
}

/**
 * The linked user: of the caller's tenant, within the caller's data scope, and holding nothing the
 * caller does not hold (a key must not let its maker act with more rights than their own).
 */
async function checkLinkedUser(db: Db, session: Session, userId: number): Promise<void> {
  const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, userId), sql`${users.deletedAt} is null`, scope));
  if (!user) throw notFound('There is no such user in your tenant (or outside your data scope): choose the user the key acts as from the list');
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
  if (input.id !== undefined) {
    const [existing] = await db
      .select({ userId: openAccessKeys.userId, key: openAccessKeys.accessKey })
      .from(openAccessKeys)
      .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, input.id)));
    if (!existing) throw missing();
    if (existing.userId !== input.userId) await checkLinkedUser(db, session, input.userId);
    await db
      .update(openAccessKeys)
      .set({ title: input.title, userId: input.userId, status: input.status, remark: input.remark, updatedAt: sql`now()` })
      .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, input.id)));
    // Its sessions act as the old user, or belong to a key that is now off.
    if (input.status !== Status.enabled || existing.userId !== input.userId) await revokeKeySessions(db, session.tenantId, input.id);
    return { id: input.id, key: existing.key };
  }
  await checkLinkedUser(db, session, input.userId);
  const key = newAccessKey();
  const secret = newSecret();
  const [row] = await db
    .insert(openAccessKeys)
    .values({
      tenantId: session.tenantId,
      title: input.title,
      accessKey: key,
      secretEnc: box.seal(secret, key),
      secretHint: secret.slice(-4),
      userId: input.userId,
      status: input.status,
      remark: input.remark,
    })
    .returning({ id: openAccessKeys.id });
  return { id: row!.id, key, secret };
}

export async function rotateKey(db: Db, box: SecretBox, session: Session, id: number): Promise<OpenAccessSecret> {
  const [existing] = await db
    .select({ key: openAccessKeys.accessKey })
    .from(openAccessKeys)
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
  if (!existing) throw missing();
  const secret = newSecret();
  await db
    .update(openAccessKeys)
    .set({ secretEnc: box.seal(secret, existing.key), secretHint: secret.slice(-4), updatedAt: sql`now()` })
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
  // A rotation answers a leaked secret: what was signed in with it ends too.
  await revokeKeySessions(db, session.tenantId, id);
  return { id, key: existing.key, secret };
}

export async function setKeyStatus(db: Db, session: Session, id: number, status: number): Promise<void> {
  const rows = await db
    .update(openAccessKeys)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)))
    .returning({ id: openAccessKeys.id });
  if (rows.length === 0) throw missing();
  if (status !== Status.enabled) await revokeKeySessions(db, session.tenantId, id);
}

/** Deletes the key; its sessions go with it (the foreign key from sessions cascades). */
export async function deleteKey(db: Db, session: Session, id: number): Promise<void> {
  const rows = await db
    .delete(openAccessKeys)
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)))
    .returning({ id: openAccessKeys.id });
  if (rows.length === 0) throw missing();
}

/**
 * For a sign-in, in the transaction that opens its session: holds the key row (FOR SHARE, so a
 * disable, rotation, relink or delete waits until the session is committed and then ends it) and
 * refuses when the key is no longer the one whose secret verified the signature.
 */
export async function holdKeyAsSigned(tx: Db, signed: { tenantId: number; keyId: number; userId: number; secretEnc: string }, refusal: string): Promise<void> {
  const [held] = await tx
    .select({ id: openAccessKeys.id })
    .from(openAccessKeys)
    .where(
      and(
        eq(openAccessKeys.tenantId, signed.tenantId),
        eq(openAccessKeys.id, signed.keyId),
        eq(openAccessKeys.status, Status.enabled),
        eq(openAccessKeys.userId, signed.userId),
        eq(openAccessKeys.secretEnc, signed.secretEnc),
      ),
    )
    .for('share');
  if (!held) throw badRequest(refusal);
}

export type { OpenAccessInput };
