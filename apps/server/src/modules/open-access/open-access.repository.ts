import { Status, type ListQuery, type OpenAccessRecord } from '@uc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openAccessKeys, users } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { dataScopeCondition } from '../scope/data-scope';

/*
 * Open access keys' rows (open-access.service.ts holds the rules). Every query runs in the caller's
 * withTenant transaction (ctx.db, row-level security on) and filters by the session's tenant as well.
 */

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

export async function listKeyRecords(db: Db, session: Session, q: ListQuery & { keyword?: string | undefined }): Promise<ListPage<OpenAccessRecord>> {
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
  return listPage(plan, rows, countRows(db, openAccessKeys, where, [{ table: users, on: linkedUser, inner: true }]), (r) => toRecord(r as Row));
}

/** A key of the caller's tenant as the list shows it; undefined when there is none. */
export async function findKeyRecord(db: Db, session: Session, id: number): Promise<OpenAccessRecord | undefined> {
  const [row] = await base(db).where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
  return row ? toRecord(row as Row) : undefined;
}

/** A key's linked user and access key; undefined when the caller's tenant has no such key. */
export async function findKey(db: Db, session: Session, id: number): Promise<{ userId: number; key: string } | undefined> {
  const [existing] = await db
    .select({ userId: openAccessKeys.userId, key: openAccessKeys.accessKey })
    .from(openAccessKeys)
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
  return existing;
}

/** Whether `userId` is a live user of the caller's tenant within the caller's data scope. */
export async function userInScope(db: Db, session: Session, userId: number): Promise<boolean> {
  const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, userId), sql`${users.deletedAt} is null`, scope));
  return user !== undefined;
}

/** What an edit of a key changes (its secret has a call of its own). */
export interface KeyFields {
  title: string;
  userId: number;
  status: number;
  remark: string;
}

export async function updateKey(db: Db, session: Session, id: number, fields: KeyFields): Promise<void> {
  await db
    .update(openAccessKeys)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
}

/** A new key of the caller's tenant with its sealed secret; its id. */
export async function insertKey(db: Db, session: Session, fields: KeyFields & { accessKey: string; secretEnc: string; secretHint: string }): Promise<number> {
  const [row] = await db
    .insert(openAccessKeys)
    .values({ tenantId: session.tenantId, ...fields })
    .returning({ id: openAccessKeys.id });
  return row!.id;
}

export async function setSecret(db: Db, session: Session, id: number, secret: { secretEnc: string; secretHint: string }): Promise<void> {
  await db
    .update(openAccessKeys)
    .set({ ...secret, updatedAt: sql`now()` })
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)));
}

/** Sets a key's status; false when the caller's tenant has no such key. */
export async function updateKeyStatus(db: Db, session: Session, id: number, status: number): Promise<boolean> {
  const rows = await db
    .update(openAccessKeys)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)))
    .returning({ id: openAccessKeys.id });
  return rows.length > 0;
}

/** Deletes a key (its sessions go with it: the foreign key from sessions cascades); false when there is no such key. */
export async function removeKey(db: Db, session: Session, id: number): Promise<boolean> {
  const rows = await db
    .delete(openAccessKeys)
    .where(and(eq(openAccessKeys.tenantId, session.tenantId), eq(openAccessKeys.id, id)))
    .returning({ id: openAccessKeys.id });
  return rows.length > 0;
}

/**
 * Holds the key row FOR SHARE until the transaction ends (a disable, rotation, relink or delete waits
 * for it), if the key is still enabled, linked to `userId` and sealed with `secretEnc`; false when not.
 */
export async function holdKey(tx: Db, signed: { tenantId: number; keyId: number; userId: number; secretEnc: string }): Promise<boolean> {
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
  return held !== undefined;
}
