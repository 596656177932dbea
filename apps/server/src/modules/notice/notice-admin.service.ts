import { NOTICE_RANGE, NOTICE_STATE, type LetterSendBody, type ListQuery, type NoticeAdminRow, type NoticeAdminView, type NoticeEditBody } from '@uc/contracts';
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeRecipients, notices, tenants, users } from '../../db/schema';
import { enterCrossTenant } from '../../db/tenant-scope';
import { rowsOf } from '../../db/typed';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { dataScopeCondition } from '../scope/data-scope';
import { notifyNotice, type NoticeAudience } from './notice-events';
import { noticeAdminListSpec } from './notice.fields';
import { cleanContent } from './notice.sanitize';

/*
 * The notice management page. A notice belongs to the tenant of whoever wrote it and is listed,
 * viewed, edited, published, withdrawn and deleted by the administrators of that tenant whose data
 * scope holds its sender (a deleted sender: scope "all" only).
 *
 * Who a notice may reach is checked when it is saved and again when it is published (by whoever
 * publishes it, as of then):
 * - a tenant's administrator reaches their own tenant only; the platform's reach every tenant;
 * - a letter (range 3) goes to users of that tenant, and in the sender's own tenant only to users in
 *   their data scope (modules/scope);
 * - reaching a whole tenant (range 1 or 2) or another tenant at all needs the data scope "all".
 *
 * Publishing delivers (drizzle/0028_notice_admin.sql): in the notice's own tenant the row itself (a
 * letter's chosen users become its notice_recipients); in other tenants a copy each, written through
 * the platform caller's cross-tenant transaction and removed with the notice when it is withdrawn or
 * deleted. Every change of what reached whom is told to the readers' streams (notice-events.ts).
 */

export const ONLY_OWN_TENANT = 'A tenant administrator sends only within their own tenant: leave tenantId out';
export const WHOLE_REACH =
  'Sending to a whole tenant, or to another tenant, needs a role with the data scope "all": send a letter to chosen users within your data scope instead';
const NO_SUCH_NOTICE = 'The notice does not exist: it may have been deleted; reload the list';

const platformReach = async (db: Db, session: Session) => {
  // Target tenants' names, their users and the copies in them are other tenants' rows.
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

export async function listNotices(db: Db, session: Session, q: ListQuery): Promise<ListPage<NoticeAdminRow>> {
  await platformReach(db, session);
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
  const countUpTo = async (limit: number) => {
    const inner = db
      .select({ one: sql`1` })
      .from(notices)
      .leftJoin(users, senderJoin)
      .where(where)
      .limit(limit)
      .as('capped');
    const [row] = await db.select({ n: count() }).from(inner);
    return row?.n ?? 0;
  };
  return listPage(plan, rows, countUpTo, toRow);
}

interface Stored {
  id: number;
  rangeType: number;
  state: number;
  targetTenantId: number | null;
  receiverIds: number[];
  senderName: string;
}

/**
 * A notice of the caller's tenant whose sender is in their scope, else the 404 of an unknown id; its
 * row locked until the end of the transaction, so two changes of one notice (a double click on
 * publish, an edit while it is published) run one after the other and the second sees the first.
 */
async function findOwn(db: Db, session: Session, id: number): Promise<Stored> {
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
  if (!row) throw notFound(NO_SUCH_NOTICE);
  return row;
}

export async function viewNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await platformReach(db, session);
  const [row] = await db
    .select({ ...rowColumns, content: notices.content, remark: notices.remark, receiverIds: notices.receiverIds })
    .from(notices)
    .leftJoin(users, senderJoin)
    .leftJoin(tenants, eq(tenants.id, notices.targetTenantId))
    .where(and(ownNotices(session, await senderScope(db, session)), eq(notices.id, id)));
  if (!row) throw notFound(NO_SUCH_NOTICE);
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

interface Reach {
  rangeType: number;
  tenantId?: number | undefined;
  userIds: readonly number[];
}

/** Whom `reach` may go to for this caller, as stored: null target for their own tenant, the chosen users sorted. */
async function checkReach(db: Db, session: Session, reach: Reach): Promise<{ targetTenantId: number | null; receiverIds: number[] }> {
  const own = session.tenantId;
  const target = reach.tenantId ?? own;
  if (reach.rangeType === NOTICE_RANGE.everyone && target !== own) {
    throw badRequest('tenantId: a notice to everyone names no tenant: leave tenantId out, or choose range 2 (one tenant)');
  }
  if (target !== own && !session.tenantIsPlatform) throw forbidden(ONLY_OWN_TENANT);
  if (reach.rangeType !== NOTICE_RANGE.users && reach.userIds.length > 0) {
    throw badRequest('userIds: only a letter (range 3) has chosen users: leave userIds out, or choose range 3');
  }
  if (reach.rangeType === NOTICE_RANGE.users && reach.userIds.length === 0) throw badRequest('userIds: choose at least one user for a letter (range 3)');
  const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  if ((reach.rangeType !== NOTICE_RANGE.users || target !== own) && scope !== undefined) throw forbidden(WHOLE_REACH);
  if (target !== own) {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, target));
    if (!tenant) throw badRequest('tenantId: the tenant does not exist: choose one of the list');
  }
  const receiverIds = [...new Set(reach.userIds)].sort((a, b) => a - b);
  if (receiverIds.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, target), isNull(users.deletedAt), inArray(users.id, receiverIds), target === own ? scope : undefined));
    const reachable = new Set(found.map((u) => u.id));
    const missing = receiverIds.find((id) => !reachable.has(id));
    if (missing !== undefined) {
      throw badRequest('userIds: user {id} is not among the users you may send to: choose users from your list', { id: missing });
    }
  }
  return { targetTenantId: target === own ? null : target, receiverIds };
}

/** The readers whose counts a change of this notice's delivery moves. */
function audienceOf(session: Session, n: Pick<Stored, 'rangeType' | 'targetTenantId' | 'receiverIds'>): NoticeAudience {
  const tenantId = n.targetTenantId ?? session.tenantId;
  if (n.rangeType === NOTICE_RANGE.users) return { tenantId, userIds: n.receiverIds };
  if (n.rangeType === NOTICE_RANGE.everyone && session.tenantIsPlatform) return { tenantId: '*' };
  return { tenantId };
}

/** Takes a notice's delivery away: its copies in other tenants and its own recipients. */
async function undeliver(db: Db, session: Session, id: number): Promise<void> {
  // Only the platform's notices have copies; its callers are in a cross-tenant transaction here.
  if (session.tenantIsPlatform) await db.delete(notices).where(eq(notices.originId, id));
  await db.delete(noticeRecipients).where(and(eq(noticeRecipients.tenantId, session.tenantId), eq(noticeRecipients.noticeId, id)));
}

/** Delivers a notice being published (its row already says published): recipients here, copies elsewhere. */
async function deliver(db: Db, session: Session, id: number): Promise<void> {
  const [n] = await db
    .select({ rangeType: notices.rangeType, targetTenantId: notices.targetTenantId, receiverIds: notices.receiverIds })
    .from(notices)
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
  if (!n) throw notFound(NO_SUCH_NOTICE);
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
    return;
  }
  if (n.rangeType === NOTICE_RANGE.users) await recipients(session.tenantId, id);
  // Every other tenant as of now (a tenant made later does not get it).
  if (n.rangeType === NOTICE_RANGE.everyone && session.tenantIsPlatform) await copyInto(sql`t.id <> ${session.tenantId}`);
}

const senderNameOf = async (db: Db, session: Session): Promise<string> => {
  const [me] = await db
    .select({ realName: users.realName, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
  return me?.realName || me?.username || session.username;
};

const cleaned = (html: string) => {
  const result = cleanContent(html);
  if (!result.content)
    throw badRequest('content: nothing is left once unsupported markup is removed: write the content as text, links, lists, tables or images');
  return result;
};

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Creates a draft (no id) or updates a notice; a published one keeps who it reached. */
export async function saveNotice(db: Db, session: Session, body: NoticeEditBody): Promise<NoticeAdminView> {
  await platformReach(db, session);
  const reach = await checkReach(db, session, body);
  const { content, summary } = cleaned(body.content);
  const fields = { title: body.title, tag: body.tag, level: body.level, content, summary, remark: body.remark };
  if (body.id === undefined) {
    const [made] = await db
      .insert(notices)
      .values({
        tenantId: session.tenantId,
        ...fields,
        rangeType: body.rangeType,
        state: NOTICE_STATE.draft,
        ...reach,
        senderId: session.userId,
        senderName: await senderNameOf(db, session),
      })
      .returning({ id: notices.id });
    return viewNotice(db, session, made!.id);
  }
  const current = await findOwn(db, session, body.id);
  if (
    current.state === NOTICE_STATE.published &&
    (current.rangeType !== body.rangeType || current.targetTenantId !== reach.targetTenantId || !sameList(current.receiverIds, reach.receiverIds))
  ) {
    throw conflict('A published notice keeps its range and recipients: withdraw it first, change them, then publish it again');
  }
  await db
    .update(notices)
    .set({ ...fields, rangeType: body.rangeType, ...reach, updatedAt: sql`now()` })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, body.id)));
  // Readers in other tenants see the new text too.
  if (current.state === NOTICE_STATE.published && session.tenantIsPlatform) {
    await db
      .update(notices)
      .set({ title: fields.title, tag: fields.tag, level: fields.level, content, summary, updatedAt: sql`now()` })
      .where(eq(notices.originId, body.id));
  }
  return viewNotice(db, session, body.id);
}

export async function publishNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await platformReach(db, session);
  const n = await findOwn(db, session, id);
  if (n.state === NOTICE_STATE.published) throw conflict('The notice is already published: withdraw it first to publish it again');
  // Checked again as of now, for whoever publishes: scopes and users change after a draft is saved.
  const reach = await checkReach(db, session, { rangeType: n.rangeType, tenantId: n.targetTenantId ?? undefined, userIds: n.receiverIds });
  await undeliver(db, session, id);
  await db
    .update(notices)
    .set({ state: NOTICE_STATE.published, publishedAt: sql`now()`, updatedAt: sql`now()`, receiverIds: reach.receiverIds })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
  await deliver(db, session, id);
  await notifyNotice(db, audienceOf(session, n));
  return viewNotice(db, session, id);
}

export async function withdrawNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await platformReach(db, session);
  const n = await findOwn(db, session, id);
  if (n.state !== NOTICE_STATE.published) throw conflict('Only a published notice can be withdrawn: this one is not published');
  await undeliver(db, session, id);
  await db
    .update(notices)
    .set({ state: NOTICE_STATE.withdrawn, updatedAt: sql`now()` })
    .where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
  await notifyNotice(db, audienceOf(session, n));
  return viewNotice(db, session, id);
}

export async function deleteNotice(db: Db, session: Session, id: number): Promise<void> {
  await platformReach(db, session);
  const n = await findOwn(db, session, id);
  await undeliver(db, session, id);
  await db.delete(notices).where(and(eq(notices.tenantId, session.tenantId), eq(notices.id, id)));
  if (n.state === NOTICE_STATE.published) await notifyNotice(db, audienceOf(session, n));
}

/** A letter written and published in one step. */
export async function sendLetter(db: Db, session: Session, body: LetterSendBody): Promise<NoticeAdminView> {
  const draft = await saveNotice(db, session, { ...body, rangeType: NOTICE_RANGE.users, remark: '' });
  return publishNotice(db, session, draft.id);
}
