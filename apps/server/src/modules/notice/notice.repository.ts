import { Status } from '@uc/shared/contracts';
import { and, count, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeRange, noticeReads, notices } from '../../db/schema';

/** Enabled private letters addressed to the user that they have not read yet. */
export async function unreadLetterCount(db: Db, tenantId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.rangeType, noticeRange.private),
        eq(notices.receiverId, userId),
        eq(notices.status, Status.enabled),
        notExists(
          db
            .select({ one: noticeReads.noticeId })
            .from(noticeReads)
            .where(and(eq(noticeReads.tenantId, notices.tenantId), eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId))),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}
