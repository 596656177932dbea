import { NOTICE_RANGE, NOTICE_STATE, type ListQuery, type NoticeAdminRow, type NoticeAdminView } from '@uc/contracts';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeRecipients, notices, tenants, users } from '../../db/schema';
import { enterCrossTenant } from '../../db/tenant-scope';
import { rowsOf } from '../../db/typed';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { dataScopeCondition } from '../scope/data-scope';
import { noticeAdminListSpec } from './notice.fields';

/* The notice management page's rows (notice-admin.service.ts holds its rules). */

/** Target tenants' names, their users and the copies in them are other tenants' rows: the platform's callers reach them. */
export const enterPlatformReach = async (db: Db, session: Session) => {
  if (session.tenantIsPlatform) await enterCrossTenant(db, session);
};

/** The notices whose sender is in the caller's data scope (the sender's row joined as `users`). */
const senderScope = (db: Db, session: Session) => dataScopeCondition(db, session, { dept: users.deptId, owner: notices.senderId });
const senderJoin = and(eq(users.tenantId, notices.tenantId), eq(users.id, notices.senderId));

const rowColumns = {
  id: notices.id,
  title: notices.title,
  tag: notices.tag,
  rangeType: notices.rangeType,
  level: notices.level,
  state: notices.state,
  targetTenantId: notices.targetTenantId,
  targetTenantName: sql<string>`coalesce(${tenants.name}, '')`,
  recipientCount: sql<number>`jsonb_array_length(${notices.receiverIds})`.mapWith(Number),
  senderId: notices.senderId,
  senderName: notices.senderName,
  summary: notices.summary,
  publishedAt: notices.publishedAt,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};
type RawRow = Omit<NoticeAdminRow, 'publishedAt' | 'createdAt' | 'updatedAt'> & { publishedAt: Date | null; createdAt: Date; updatedAt: Date };
const toRow = (r: RawRow): NoticeAdminRow => ({
  ...r,
  publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The caller's tenant's own notices (never the copies of the platform's) whose sender they may see. */
const ownNotices = (session: Session, scope: SQL | undefined) => and(eq(notices.tenantId, session.tenantId), isNull(notices.originId), scope);

/** One page of the notices the caller may manage (enterPlatformReach first, for the platform's targets' names). */
export async function listAdminNotices(db: Db, session: Session, q: ListQuery): Promise<ListPage<NoticeAdminRow>> {
  const where = and(ownNotices(session, await senderScope(db, session)), listWhere(noticeAdminListSpec, q.filter));
  const plan = listPlan(noticeAdminListSpec, q, [{ field: 'createdAt', desc: true }], [{ column: notices.id, desc: true }]);
  const rows = await db
    .select({ ...rowColumns, ...plan.keyFields })
    .from(notices)
    .leftJoin(users, senderJoin)
    .leftJoin(tenants, eq(tenants.id, notices.targetTenantId))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, notices, where, [{ table: users, on: senderJoin }]), toRow);
}

export interface Stored {
  id: number;
  rangeType: number;
  state: number;
  targetTenantId: number | null;
  receiverIds: number[];
  senderName: string;
}

/**
 * A notice of the caller's tenant whose sender is in their scope (undefined when there is none); its
 * row locked until the end of the transaction, so two changes of one notice (a double click on
 * publish, an edit while it is published) run one after the other and the second sees the first.
 */
export async function findOwnForUpdate(db: Db, session: Session, id: number): Promise<Stored | undefined> {
  const [row] = await db
    .select({
      id: notices.id,
      rangeType: notices.rangeType,
      state: notices.state,
      targetTenantId: notices.targetTenantId,
      receiverIds: notices.receiverIds,
      senderName: notices.senderName,
    })
    .from(notices)
    .leftJoin(users, senderJoin)
    .where(and(ownNotices(session, await senderScope(db, session)), eq(notices.id, id)))
    .for('update', { of: notices });
  return row;
}

/** A notice of the caller's tenant whose sender is in their scope, with its chosen users; undefined when there is none. */
export async function findView(db: Db, session: Session, id: number): Promise<NoticeAdminView | undefined> {
  const [row] = await db
    .select({ ...rowColumns, content: notices.content, remark: notices.remark, receiverIds: notices.receiverIds })
    .from(notices)
    .leftJoin(users, senderJoin)
    .leftJoin(tenants, eq(tenants.id, notices.targetTenantId))
    .where(and(ownNotices(session, await senderScope(db, session)), eq(notices.id, id)));
  if (!row) return undefined;
  const { receiverIds, ...rest } = row;
  const recipients =
    receiverIds.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, realName: users.realName })
          .from(users)
          .where(and(eq(users.tenantId, row.targetTenantId ?? session.tenantId), inArray(users.id, receiverIds)))
          .orderBy(users.id);
  return { ...toRow(rest), content: row.content, remark: row.remark, recipients };
}

/** The users the caller's data scope holds: `whole` when it is every user of the tenant. */
export async function userScopeOf(db: Db, session: Session): Promise<{ whole: boolean; condition: SQL | undefined }> {
  const condition = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  return { whole: condition === undefined, condition };
}

export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant !== undefined;
}

/** Which of `ids` are live users of tenant `target` (in the caller's own tenant: within `scope` as well). */
export async function liveUsersAmong(
  db: Db,
  target: { tenantId: number; scope: { condition: SQL | undefined } | undefined },
  ids: readonly number[],
): Promise<Set<number>> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, target.tenantId), isNull(users.deletedAt), inArray(users.id, [...ids]), target.scope?.condition));
  return new Set(found.map((u) => u.id));
}

/** Takes a notice's delivery away: its copies in other tenants and its own recipients. */
export async function undeliver(db: Db, session: Session, id: number): Promise<void> {
  // Only the platform's notices have copies; its callers are in a cross-tenant transaction here.
  if (session.tenantIsPlatform) await db.delete(notices).where(eq(notices.originId, id));
  await db.delete(noticeRecipients).where(and(eq(noticeRecipients.tenantId, session.tenantId), eq(noticeRecipients.noticeId, id)));
}

/** Delivers a notice being published (its row already says published): recipients here, copies elsewhere. */
export async function deliver(db: Db, session: Session, id: number): Promise<boolean> {
  const [n] = await db
    .select({ rangeType: notices.rangeType, targetTenantId: notices.targetTenantId, receiverIds: notices.receiverIds })
    .from(notices)
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
  if (!n) return false;
  /** Copies of the notice into the tenants `which` selects (of tenants t), in one statement whatever their number. */
  const copyInto = (which: SQL) =>
    rowsOf<{ id: number; tenant_id: number }>(
      db,
      sql`
      insert into ${notices} (tenant_id, title, tag, range_type, level, content, summary, state, published_at, origin_id, receiver_ids, sender_name)
      select t.id, n.title, n.tag, n.range_type, n.level, n.content, n.summary, ${NOTICE_STATE.published}, n.published_at, n.id, n.receiver_ids, n.sender_name
      from ${notices} n cross join ${tenants} t
      where n.tenant_id = ${session.tenantId} and n.id = ${id} and ${which}
      returning id, tenant_id`,
    );
  const recipients = async (tenantId: number, noticeId: number) => {
    if (n.receiverIds.length > 0) await db.insert(noticeRecipients).values(n.receiverIds.map((userId) => ({ tenantId, noticeId, userId })));
  };
  if (n.targetTenantId !== null) {
    const [made] = await copyInto(sql`t.id = ${n.targetTenantId}`);
    if (made && n.rangeType === NOTICE_RANGE.users) await recipients(n.targetTenantId, Number(made.id));
    return true;
  }
  if (n.rangeType === NOTICE_RANGE.users) await recipients(session.tenantId, id);
  // Every other tenant as of now (a tenant made later does not get it).
  if (n.rangeType === NOTICE_RANGE.everyone && session.tenantIsPlatform) await copyInto(sql`t.id <> ${session.tenantId}`);
  return true;
}

/** The name a new notice is signed with: the caller's real name, else their user name. */
export const senderNameOf = async (db: Db, session: Session): Promise<string> => {
  const [me] = await db
    .select({ realName: users.realName, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
  return me?.realName || me?.username || session.username;
};

/** What a notice says and how it looks; its reach is stored apart. */
export interface NoticeFields {
  title: string;
  tag: string;
  level: number;
  content: string;
  summary: string;
  remark: string;
}

/** Where a notice goes, as stored: null target for the sender's own tenant, the chosen users sorted. */
export interface StoredReach {
  rangeType: number;
  targetTenantId: number | null;
  receiverIds: number[];
}

/** A new draft of the caller's tenant, sent by the caller; its id. */
export async function insertDraft(db: Db, session: Session, fields: NoticeFields, reach: StoredReach, senderName: string): Promise<number> {
  const [made] = await db
    .insert(notices)
    .values({ tenantId: session.tenantId, ...fields, ...reach, state: NOTICE_STATE.draft, senderId: session.userId, senderName })
    .returning({ id: notices.id });
  return made!.id;
}

export async function updateNotice(db: Db, session: Session, id: number, fields: NoticeFields, reach: StoredReach): Promise<void> {
  await db
    .update(notices)
    .set({ ...fields, ...reach, updatedAt: sql`now()` })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
}

/** The text of notice `originId`'s copies in other tenants. */
export async function updateCopies(db: Db, originId: number, fields: Omit<NoticeFields, 'remark'>): Promise<void> {
  await db
    .update(notices)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(notices.originId, originId));
}

export async function markPublished(db: Db, session: Session, id: number, receiverIds: number[]): Promise<void> {
  await db
    .update(notices)
    .set({ state: NOTICE_STATE.published, publishedAt: sql`now()`, updatedAt: sql`now()`, receiverIds })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
}

export async function markWithdrawn(db: Db, session: Session, id: number): Promise<void> {
  await db
    .update(notices)
    .set({ state: NOTICE_STATE.withdrawn, updatedAt: sql`now()` })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
}

export async function removeNotice(db: Db, session: Session, id: number): Promise<void> {
  await db.delete(notices).where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
}
