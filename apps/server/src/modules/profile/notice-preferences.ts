import { eq, sql } from 'drizzle-orm';
import type { NoticePreferences } from '@uc/contracts';
import type { Db } from '../../db/client';
import { userNoticePreferences } from '../../db/schema';
import type { Session } from '../auth/access';
import { notifyNotice } from '../notice/notice-events';

/** Every kind of message is on until the user switches one off (no row needed). */
export const NOTICE_PREFERENCE_DEFAULTS: Readonly<NoticePreferences> = { notices: true, letters: true, system: true };

/**
 * The kinds of messages `userId` wants, for the notice lists and the unread badge. Runs in the
 * caller's tenant transaction: row-level security shows the tenant's rows (every tenant's once the
 * platform entered the cross-tenant scope); another tenant's user answers the defaults.
 */
export async function noticePreferences(tx: Db, userId: number): Promise<NoticePreferences> {
  const [row] = await tx
    .select({ notices: userNoticePreferences.notices, letters: userNoticePreferences.letters, system: userNoticePreferences.system })
    .from(userNoticePreferences)
    .where(eq(userNoticePreferences.userId, userId));
  return row ?? { ...NOTICE_PREFERENCE_DEFAULTS };
}

/**
 * Stores the caller's own switches (one row per user, written on the first change). Their unread
 * counts follow the switches, so their open notice streams are told to read them again: the header
 * badge changes at once, in every tab (a stream sends only counts that differ from its last ones).
 */
export async function saveNoticePreferences(tx: Db, session: Session, prefs: NoticePreferences): Promise<NoticePreferences> {
  await tx
    .insert(userNoticePreferences)
    .values({ tenantId: session.tenantId, userId: session.userId, ...prefs })
    .onConflictDoUpdate({ target: [userNoticePreferences.tenantId, userNoticePreferences.userId], set: { ...prefs, updatedAt: sql`now()` } });
  await notifyNotice(tx, { tenantId: session.tenantId, userIds: [session.userId] });
  return noticePreferences(tx, session.userId);
}
