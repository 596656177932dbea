import { noticeUnreadCountCall } from '@uc/shared/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { unreadLetterCount } from './notice.repository';

/** The header badge's count; the notice screens of the personal area build on the same tables. */
export function noticeCalls(): CallImplementation[] {
  return [
    implement(noticeUnreadCountCall, async ({ db, session }) => ({
      letterCount: await unreadLetterCount(db, session.tenantId, session.userId),
    })),
  ];
}
