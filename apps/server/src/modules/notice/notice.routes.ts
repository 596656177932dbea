import {
  letterSendCall,
  noticeCountAllCall,
  noticeDeleteBatchCall,
  noticeDeleteCall,
  noticeDetailCall,
  noticeEditCall,
  noticeListCall,
  noticeMyMessagesCall,
  noticePublicMessagesCall,
  noticePublishBatchCall,
  noticePublishCall,
  noticeReadAllCall,
  noticeUnreadCountCall,
  noticeViewCall,
  noticeWithdrawCall,
} from '@uc/contracts';
import { implement, implementBatch, type CallImplementation } from '../../http/route-registrar';
import type { Session } from '../auth/access';
import { deleteNotice, listNotices, publishNotice, saveNotice, sendLetter, viewNotice, withdrawNotice } from './notice-admin.service';
import { listMessages, markAllRead, messageCounts, unreadCounts, type Reader } from './notice.repository';
import { openMessage } from './notice.service';

const readerOf = (session: Session): Reader => ({ tenantId: session.tenantId, userId: session.userId, platform: session.tenantIsPlatform });

/**
 * The personal area's notices and letters (any signed-in user, their own), and the notice management
 * page's calls (granted by its menu buttons). The unread counts are also pushed: notice-stream.ts.
 */
export function noticeCalls(): CallImplementation[] {
  return [
    implement(noticeUnreadCountCall, async ({ db, session }) => unreadCounts(db, readerOf(session))),
    implement(noticePublicMessagesCall, async ({ db, session, query }) => listMessages(db, readerOf(session), 'notice', query)),
    implement(noticeMyMessagesCall, async ({ db, session, query }) => listMessages(db, readerOf(session), 'letter', query)),
    implement(noticeDetailCall, async ({ db, session, query }) => openMessage(db, readerOf(session), query.id)),
    implement(noticeCountAllCall, async ({ db, session }) => messageCounts(db, readerOf(session))),
    implement(noticeReadAllCall, async ({ db, session, body }) => ({ marked: await markAllRead(db, readerOf(session), body.kind) })),

    implement(noticeListCall, async ({ db, session, query }) => listNotices(db, session, query)),
    implement(noticeViewCall, async ({ db, session, query }) => viewNotice(db, session, query.id)),
    implement(noticeEditCall, async ({ db, session, body, auditTarget }) => {
      const saved = await saveNotice(db, session, body);
      auditTarget(saved.id);
      return saved;
    }),
    implement(noticePublishCall, async ({ db, session, body }) => publishNotice(db, session, body.id)),
    implement(noticeWithdrawCall, async ({ db, session, body }) => withdrawNotice(db, session, body.id)),
    implement(noticeDeleteCall, async ({ db, session, body }) => {
      await deleteNotice(db, session, body.id);
      return null;
    }),
    implementBatch(noticeDeleteBatchCall, ({ db, session, body }) => deleteNotice(db, session, body.id)),
    implementBatch(noticePublishBatchCall, ({ db, session, body }) => publishNotice(db, session, body.id)),
    implement(letterSendCall, async ({ db, session, body, auditTarget }) => {
      const sent = await sendLetter(db, session, body);
      auditTarget(sent.id);
      return sent;
    }),
  ];
}
