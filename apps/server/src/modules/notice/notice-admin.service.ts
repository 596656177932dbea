import { NOTICE_RANGE, NOTICE_STATE, type LetterSendBody, type ListQuery, type NoticeAdminRow, type NoticeAdminView, type NoticeEditBody } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ListPage } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { notifyNotice, type NoticeAudience } from './notice-events';
import {
  deliver,
  enterPlatformReach,
  findOwnForUpdate,
  findView,
  insertDraft,
  listAdminNotices,
  liveUsersAmong,
  markPublished,
  markWithdrawn,
  removeNotice,
  senderNameOf,
  tenantExists,
  undeliver,
  updateCopies,
  updateNotice,
  userScopeOf,
  type Stored,
  type StoredReach,
} from './notice-admin.repository';
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

export async function listNotices(db: Db, session: Session, q: ListQuery): Promise<ListPage<NoticeAdminRow>> {
  await enterPlatformReach(db, session);
  return listAdminNotices(db, session, q);
}

/** A notice of the caller's tenant whose sender is in their scope, locked for the change (findOwnForUpdate), else the 404 of an unknown id. */
async function findOwn(db: Db, session: Session, id: number): Promise<Stored> {
  const row = await findOwnForUpdate(db, session, id);
  if (!row) throw notFound(NO_SUCH_NOTICE);
  return row;
}

export async function viewNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await enterPlatformReach(db, session);
  const view = await findView(db, session, id);
  if (!view) throw notFound(NO_SUCH_NOTICE);
  return view;
}

interface Reach {
  rangeType: number;
  tenantId?: number | undefined;
  userIds: readonly number[];
}

/** Whom `reach` may go to for this caller, as stored: null target for their own tenant, the chosen users sorted. */
async function checkReach(db: Db, session: Session, reach: Reach): Promise<Omit<StoredReach, 'rangeType'>> {
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
  const scope = await userScopeOf(db, session);
  if ((reach.rangeType !== NOTICE_RANGE.users || target !== own) && !scope.whole) throw forbidden(WHOLE_REACH);
  if (target !== own && !(await tenantExists(db, target))) throw badRequest('tenantId: the tenant does not exist: choose one of the list');
  const receiverIds = [...new Set(reach.userIds)].sort((a, b) => a - b);
  if (receiverIds.length > 0) {
    const reachable = await liveUsersAmong(db, { tenantId: target, scope: target === own ? scope : undefined }, receiverIds);
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

const cleaned = (html: string) => {
  const result = cleanContent(html);
  if (!result.content)
    throw badRequest('content: nothing is left once unsupported markup is removed: write the content as text, links, lists, tables or images');
  return result;
};

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Creates a draft (no id) or updates a notice; a published one keeps who it reached. */
export async function saveNotice(db: Db, session: Session, body: NoticeEditBody): Promise<NoticeAdminView> {
  await enterPlatformReach(db, session);
  const reach = await checkReach(db, session, body);
  const { content, summary } = cleaned(body.content);
  const fields = { title: body.title, tag: body.tag, level: body.level, content, summary, remark: body.remark };
  if (body.id === undefined) {
    const id = await insertDraft(db, session, fields, { rangeType: body.rangeType, ...reach }, await senderNameOf(db, session));
    return viewNotice(db, session, id);
  }
  const current = await findOwn(db, session, body.id);
  if (
    current.state === NOTICE_STATE.published &&
    (current.rangeType !== body.rangeType || current.targetTenantId !== reach.targetTenantId || !sameList(current.receiverIds, reach.receiverIds))
  ) {
    throw conflict('A published notice keeps its range and recipients: withdraw it first, change them, then publish it again');
  }
  await updateNotice(db, session, body.id, fields, { rangeType: body.rangeType, ...reach });
  // Readers in other tenants see the new text too.
  if (current.state === NOTICE_STATE.published && session.tenantIsPlatform) {
    await updateCopies(db, body.id, { title: fields.title, tag: fields.tag, level: fields.level, content, summary });
  }
  return viewNotice(db, session, body.id);
}

export async function publishNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await enterPlatformReach(db, session);
  const n = await findOwn(db, session, id);
  if (n.state === NOTICE_STATE.published) throw conflict('The notice is already published: withdraw it first to publish it again');
  // Checked again as of now, for whoever publishes: scopes and users change after a draft is saved.
  const reach = await checkReach(db, session, { rangeType: n.rangeType, tenantId: n.targetTenantId ?? undefined, userIds: n.receiverIds });
  await undeliver(db, session, id);
  await markPublished(db, session, id, reach.receiverIds);
  if (!(await deliver(db, session, id))) throw notFound(NO_SUCH_NOTICE);
  await notifyNotice(db, audienceOf(session, n));
  return viewNotice(db, session, id);
}

export async function withdrawNotice(db: Db, session: Session, id: number): Promise<NoticeAdminView> {
  await enterPlatformReach(db, session);
  const n = await findOwn(db, session, id);
  if (n.state !== NOTICE_STATE.published) throw conflict('Only a published notice can be withdrawn: this one is not published');
  await undeliver(db, session, id);
  await markWithdrawn(db, session, id);
  await notifyNotice(db, audienceOf(session, n));
  return viewNotice(db, session, id);
}

export async function deleteNotice(db: Db, session: Session, id: number): Promise<void> {
  await enterPlatformReach(db, session);
  const n = await findOwn(db, session, id);
  await undeliver(db, session, id);
  await removeNotice(db, session, id);
  if (n.state === NOTICE_STATE.published) await notifyNotice(db, audienceOf(session, n));
}

/** A letter written and published in one step. */
export async function sendLetter(db: Db, session: Session, body: LetterSendBody): Promise<NoticeAdminView> {
  const draft = await saveNotice(db, session, { ...body, rangeType: NOTICE_RANGE.users, remark: '' });
  return publishNotice(db, session, draft.id);
}
