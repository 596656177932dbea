import { z } from 'zod';
import { defineCall } from './define-call';

export const unreadCountSchema = z.object({
  /** Unread private letters of the caller: the number on the header's message badge. */
  letterCount: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const noticeUnreadCountCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/count/un/read',
  access: 'session',
  tag: 'notice',
  summary: 'Unread private letters of the caller (the header badge); polled on window focus.',
  data: unreadCountSchema,
});

/** Notice calls; the personal area's notice screens add theirs here. */
export const NOTICE_CALLS = [noticeUnreadCountCall] as const;
