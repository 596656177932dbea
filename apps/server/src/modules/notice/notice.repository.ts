import {
  NOTICE_RANGE,
  NOTICE_STATE,
  type ListQuery,
  type MessageDetail,
  type MessageRow,
  type NoticeKind,
  type NoticePreferences,
  type UnreadCount,
} from '@uc/contracts';
import { and, eq, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeReads, noticeRecipients, notices } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { noticePreferences } from '../profile/notice-preferences';
import { notifyNotice } from './notice-events';
import { messageListSpec } from './notice.fields';

/*
 * What a signed-in user sees of notices: the rows of their own tenant that are published and aimed at
 * it (target_tenant_id null), every one of them for ranges 1 and 2, and the range-3 letters that
 * list them among the recipients. One condition, used by the lists, the detail and the counts, so
 * they can never disagree about what reached whom.
 *
 * The user's notification switches (profile/notice-preferences.ts) sort what reached them in three:
 * - a letter: range 3, whoever sent it (the platform's letters to a tenant's users too: they were
 *   chosen by name);
 * - a system message: a range-1 or range-2 notice written by the platform. In a tenant that is a
 *   copy of the platform's notice (origin_id set: its notices to everyone and to that tenant); in
 *   the platform's own tenant, its notices to everyone (the same broadcast every tenant gets, so one
 *   message is "system" for all its readers), while its range-2 notices to its own staff stay notices;
 * - a notice: any other range 1 or 2 (the reader's own tenant's).
 * A kind switched off leaves the unread counts (count/un/read, the stream), count/all (total and
 * unread, so it matches the lists) and the two lists: the user said they do not want it. What
 * reached them is unchanged, though: the detail still opens it by id and marks it read, and read/all
 * marks it read too. The switches are read once per call (one indexed row) and become
 * constant conditions of the query.
 */

export interface Reader {
  tenantId: number;
  userId: number;
  /** The reader's tenant is the platform's (its range-1 notices are system messages there). */
  platform: boolean;
}

/** True for a system message (see above); only meaningful for rows delivered to `reader`. */
export function systemMessage(reader: Reader): SQL {
  // The platform's tenant holds no copies (its notices to itself have no target): its broadcasts are the system ones.
  if (reader.platform) return eq(notices.rangeType, NOTICE_RANGE.everyone);
  return and(ne(notices.rangeType, NOTICE_RANGE.users), isNotNull(notices.originId))!;
}

/** The delivered rows of the kinds the reader wants; undefined when they want them all. */
export function wantedBy(reader: Reader, prefs: NoticePreferences): SQL | undefined {
  if (prefs.letters && prefs.notices && prefs.system) return undefined;
  const system = systemMessage(reader);
  const kinds = [
    prefs.letters ? eq(notices.rangeType, NOTICE_RANGE.users) : undefined,
    prefs.system ? system : undefined,
    prefs.notices ? and(ne(notices.rangeType, NOTICE_RANGE.users), not(system)) : undefined,
  ].filter((k) => k !== undefined);
  return kinds.length === 0 ? sql`false` : or(...kinds);
}

const wantedFor = async (db: Db, reader: Reader) => wantedBy(reader, await noticePreferences(db, reader.userId));

/** The notices and letters delivered to `reader`, optionally of one kind. */
export function deliveredTo(reader: Reader, kind?: NoticeKind): SQL {
  const base = and(eq(notices.tenantId, reader.tenantId), eq(notices.state, NOTICE_STATE.published), isNull(notices.targetTenantId))!;
  const listed = sql`exists (select 1 from ${noticeRecipients} r where r.tenant_id = ${notices.tenantId} and r.notice_id = ${notices.id} and r.user_id = ${reader.userId})`;
  if (kind === 'notice') return and(base, ne(notices.rangeType, NOTICE_RANGE.users))!;
  if (kind === 'letter') return and(base, eq(notices.rangeType, NOTICE_RANGE.users), listed)!;
  return and(base, sql`(${notices.rangeType} <> ${NOTICE_RANGE.users} or ${listed})`)!;
}

const readMark = (reader: Reader) =>
  and(eq(noticeReads.tenantId, notices.tenantId), eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, reader.userId));

const rowColumns = (reader: Reader) => ({
  id: notices.id,
  rangeType: notices.rangeType,
  system: sql<boolean>`${systemMessage(reader)}`,
  title: notices.title,
  tag: notices.tag,
  level: notices.level,
  summary: notices.summary,
  senderName: notices.senderName,
  publishedAt: notices.publishedAt,
  readAt: noticeReads.readAt,
});
type RawRow = {
  id: number;
  rangeType: number;
  system: boolean;
  title: string;
  tag: string;
  level: number;
  summary: string;
  senderName: string;
  publishedAt: Date | null;
  readAt: Date | null;
};

const toRow = (r: RawRow): MessageRow => ({
  id: r.id,
  kind: r.rangeType === NOTICE_RANGE.users ? 'letter' : 'notice',
  title: r.title,
  tag: r.tag,
  rangeType: r.rangeType,
  system: r.system,
  level: r.level,
  summary: r.summary,
  senderName: r.senderName,
  // Delivered rows are published, and a published row has its time (notices_published_at_ck).
  publishedAt: r.publishedAt!.toISOString(),
  read: r.readAt !== null,
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

/** One page of the reader's notices or letters of the kinds they want, newest first, each with their read mark. */
export async function listMessages(db: Db, reader: Reader, kind: NoticeKind, q: ListQuery): Promise<ListPage<MessageRow>> {
  const where = and(deliveredTo(reader, kind), await wantedFor(db, reader), listWhere(messageListSpec, q.filter));
  const plan = listPlan(messageListSpec, q, [{ field: 'publishedAt', desc: true }], [{ column: notices.id, desc: true }]);
  const rows = await db
    .select({ ...rowColumns(reader), ...plan.keyFields })
    .from(notices)
    .leftJoin(noticeReads, readMark(reader))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, notices, where, [{ table: noticeReads, on: readMark(reader) }]), toRow);
}

/**
 * One notice or letter delivered to the reader, marked read (the first time, their counts drop: the
 * reader's streams are told); undefined when it was not delivered to them, as for an unknown id. A kind
 * they switched off still opens (it was addressed to them, and a link to it may be older than the switch).
 */
export async function readMessage(db: Db, reader: Reader, id: number): Promise<MessageDetail | undefined> {
  const [row] = await db
    .select({ ...rowColumns(reader), content: notices.content })
    .from(notices)
    .leftJoin(noticeReads, readMark(reader))
    .where(and(deliveredTo(reader), eq(notices.id, id)));
  if (!row) return undefined;
  let readAt = row.readAt;
  if (!readAt) {
    const [marked] = await db
      .insert(noticeReads)
      .values({ tenantId: reader.tenantId, noticeId: id, userId: reader.userId })
      .onConflictDoNothing()
      .returning({ readAt: noticeReads.readAt });
    // A read made by the same user at the same moment (another tab) holds the mark: read it back.
    readAt = marked?.readAt ?? new Date();
    if (marked) await notifyNotice(db, { tenantId: reader.tenantId, userIds: [reader.userId] });
  }
  return { ...toRow({ ...row, readAt }), content: row.content };
}

/** How many notices and letters of the kinds they want reached the reader, and how many of them are unread. */
export async function messageCounts(db: Db, reader: Reader): Promise<{ notice: { total: number; unread: number }; letter: { total: number; unread: number } }> {
  const letter = sql`${notices.rangeType} = ${NOTICE_RANGE.users}`;
  const [row] = await db
    .select({
      noticeTotal: sql<number>`count(*) filter (where not ${letter})`.mapWith(Number),
      noticeUnread: sql<number>`count(*) filter (where not ${letter} and ${noticeReads.userId} is null)`.mapWith(Number),
      letterTotal: sql<number>`count(*) filter (where ${letter})`.mapWith(Number),
      letterUnread: sql<number>`count(*) filter (where ${letter} and ${noticeReads.userId} is null)`.mapWith(Number),
    })
    .from(notices)
    .leftJoin(noticeReads, readMark(reader))
    .where(and(deliveredTo(reader), await wantedFor(db, reader)));
  return {
    notice: { total: row?.noticeTotal ?? 0, unread: row?.noticeUnread ?? 0 },
    letter: { total: row?.letterTotal ?? 0, unread: row?.letterUnread ?? 0 },
  };
}

/** The header badge's numbers (and the notice stream's). */
export async function unreadCounts(db: Db, reader: Reader): Promise<UnreadCount> {
  const counts = await messageCounts(db, reader);
  return { letterCount: counts.letter.unread, noticeCount: counts.notice.unread };
}

/** Marks every unread notice, letter, or both of the reader read (switched-off kinds too); returns how many it marked. */
export async function markAllRead(db: Db, reader: Reader, kind: NoticeKind | 'all'): Promise<number> {
  const rows = await rowsOf<{ notice_id: number }>(
    db,
    sql`
    insert into ${noticeReads} (tenant_id, notice_id, user_id)
    select ${notices.tenantId}, ${notices.id}, ${reader.userId}::bigint from ${notices}
    where ${deliveredTo(reader, kind === 'all' ? undefined : kind)}
      and not exists (select 1 from ${noticeReads} m where m.tenant_id = ${notices.tenantId} and m.notice_id = ${notices.id} and m.user_id = ${reader.userId})
    on conflict do nothing
    returning notice_id`,
  );
  if (rows.length > 0) await notifyNotice(db, { tenantId: reader.tenantId, userIds: [reader.userId] });
  return rows.length;
}
