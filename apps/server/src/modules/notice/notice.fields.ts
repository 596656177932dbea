import { MESSAGE_KEYWORD_FIELDS, NOTICE_ADMIN_KEYWORD_FIELDS, type MESSAGE_LIST_FIELDS, type NOTICE_ADMIN_LIST_FIELDS } from '@uc/contracts';
import { noticeReads, notices } from '../../db/schema';
import type { ListField, ListSpec } from '../../lib/list-query.sql';

const messageFields: Record<(typeof MESSAGE_LIST_FIELDS)[number] | 'summary', ListField> = {
  id: { column: notices.id, type: 'number' },
  title: { column: notices.title, type: 'string' },
  tag: { column: notices.tag, type: 'string' },
  level: { column: notices.level, type: 'number' },
  publishedAt: { column: notices.publishedAt, type: 'date' },
  // The caller's own read mark (a left join): null is unread.
  readAt: { column: noticeReads.readAt, type: 'date' },
  summary: { column: notices.summary, type: 'string' },
};

/** The personal lists (public and my messages). */
export const messageListSpec: ListSpec = { fields: messageFields, keywordFields: MESSAGE_KEYWORD_FIELDS };

const adminFields: Record<(typeof NOTICE_ADMIN_LIST_FIELDS)[number] | 'summary', ListField> = {
  id: { column: notices.id, type: 'number' },
  title: { column: notices.title, type: 'string' },
  tag: { column: notices.tag, type: 'string' },
  rangeType: { column: notices.rangeType, type: 'number' },
  level: { column: notices.level, type: 'number' },
  state: { column: notices.state, type: 'number' },
  senderName: { column: notices.senderName, type: 'string' },
  publishedAt: { column: notices.publishedAt, type: 'date' },
  createdAt: { column: notices.createdAt, type: 'date' },
  summary: { column: notices.summary, type: 'string' },
};

/** The notice management list. */
export const noticeAdminListSpec: ListSpec = { fields: adminFields, keywordFields: NOTICE_ADMIN_KEYWORD_FIELDS };
