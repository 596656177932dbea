import { z } from 'zod';
import { defineBatchCall } from './batch';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, NO_NUL } from './fields';
import { listQuerySchema } from './list-query';

/*
 * Notices and private letters (spec sections 3, 4 and 7; issue 14).
 *
 * A notice has a range: 1 everyone (the platform's: every tenant; a tenant's: its own users), 2 one
 * tenant (the platform names it; a tenant only its own), 3 chosen users (a private letter). What the
 * personal area calls a letter is a range-3 notice; the others are notices. The personal calls
 * (/public/messages, /my/messages, /detail, /count/*, /read/all) show a signed-in user what was
 * published to them; the administration calls (list, view, edit, publish, withdraw, delete,
 * letter/send) are the notice management page's.
 *
 * The user's notification switches (profile.contract.ts noticePreferencesSchema) apply to the
 * personal calls: a kind switched off (letters; notices; system messages, see messageRowSchema.system)
 * is left out of the unread counts (and the stream's), count/all and the two lists. The detail still
 * opens it by id and read/all still marks it read: it was addressed to the user all the same.
 */

export const NOTICE_RANGE = { everyone: 1, tenant: 2, users: 3 } as const;
export type NoticeRange = (typeof NOTICE_RANGE)[keyof typeof NOTICE_RANGE];
/** 1 normal, 2 important, 3 urgent. */
export const NOTICE_LEVEL = { normal: 1, important: 2, urgent: 3 } as const;
export const NOTICE_STATE = { draft: 0, published: 1, withdrawn: 2 } as const;
export type NoticeState = (typeof NOTICE_STATE)[keyof typeof NOTICE_STATE];

/** What the personal area tells apart: notices (range 1 and 2) and private letters (range 3). */
export const NOTICE_KINDS = ['notice', 'letter'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Most chosen users of one letter (the picker's page of 100 at a time, a handful of times). */
export const NOTICE_MAX_RECIPIENTS = 1000;
/** The content's size as sent (HTML); what is kept is the sanitised part of it. */
export const NOTICE_CONTENT_MAX = 100_000;

export const unreadCountSchema = z.object({
  /** Unread private letters of the caller: the number on the header's message badge (0 while letters are switched off). */
  letterCount: z.number().int().min(0),
  /** Unread notices of the caller (range 1 and 2), of the kinds they want (notices, system messages). */
  noticeCount: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const noticeUnreadCountCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/count/un/read',
  access: 'session',
  tag: 'notice',
  summary: 'Unread private letters (letterCount: the header badge) and notices of the caller, of the kinds they want; pushed by the notice stream too.',
  data: unreadCountSchema,
});

/*
 * The personal area.
 */

export const messageRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  tag: z.string(),
  rangeType: z.number().int(),
  /**
   * A system message: a notice (range 1 or 2) written by the platform: in a tenant, the platform's
   * notices to everyone or to that tenant; in the platform's own tenant, its notices to everyone (its
   * range-2 notices to its own staff are ordinary notices). Governed by the user's `system` switch
   * instead of `notices`. Letters are never system messages (the `letters` switch governs them all).
   */
  system: z.boolean(),
  level: z.number().int(),
  /** The content as plain text, cut short, for the list. */
  summary: z.string(),
  senderName: z.string(),
  publishedAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;

/** Filter and sort fields of the two personal lists (`readAt` null: unread). */
export const MESSAGE_LIST_FIELDS = ['id', 'title', 'tag', 'level', 'publishedAt', 'readAt'] as const;
export const MESSAGE_KEYWORD_FIELDS = ['title', 'tag', 'summary'] as const;

export const noticePublicMessagesCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/public/messages',
  access: 'session',
  tag: 'notice',
  summary:
    'Notices published to the caller (everyone, or their tenant) of the kinds they want (notices, system messages), newest first, each with its read state; keyword searches title, tag and text.',
  query: listQuerySchema,
  data: pagedOf(messageRowSchema),
});

export const noticeMyMessagesCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/my/messages',
  access: 'session',
  tag: 'notice',
  summary: "The caller's private letters (none while letters are switched off), newest first, each with its read state; keyword searches title, tag and text.",
  query: listQuerySchema,
  data: pagedOf(messageRowSchema),
});

export const messageDetailSchema = messageRowSchema.extend({
  /** Rich text, sanitised by the server when it was saved (safe to render as HTML). */
  content: z.string(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const noticeDetailCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/detail',
  access: 'session',
  tag: 'notice',
  summary: 'One notice or letter published to the caller, marked read by this call; anything else (another tenant, not addressed to them) is 404.',
  query: idQuery,
  data: messageDetailSchema,
});

const kindCount = z.object({ total: z.number().int().min(0), unread: z.number().int().min(0) });
export const noticeCountAllCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/count/all',
  access: 'session',
  tag: 'notice',
  summary: "The caller's notices and letters of the kinds they want: how many there are and how many are unread, per kind.",
  data: z.object({ notice: kindCount, letter: kindCount }),
});

export const READ_ALL_KINDS = ['notice', 'letter', 'all'] as const;
export const noticeReadAllBody = z.object({
  kind: z.enum(READ_ALL_KINDS, { error: 'The message kind must be one of notice, letter, all' }).default('all'),
});
export const noticeReadAllCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/read/all',
  access: 'session',
  tag: 'notice',
  summary: 'Marks every notice, every letter, or both (kind: notice | letter | all) of the caller read; answers how many it marked.',
  body: noticeReadAllBody,
  data: z.object({ marked: z.number().int().min(0) }),
});

/*
 * Server-Sent Events: the caller's unread counts, pushed when a notice or letter for them is published
 * or withdrawn, when they read one or when they change their notification switches, with a comment
 * line every 25 s. Not a JSON call: EventSource
 * cannot send headers, so it takes the session token as the query parameter NOTICE_STREAM_TOKEN_PARAM
 * (this address only; Authorization works too). A refused connection gets the usual envelope (61).
 * The stream ends with an `end` event when the session is revoked or expires.
 *
 * The same stream says when what the console routes by changed (`registry`): the remote registry (a
 * redeploy, an addon installed, updated, rolled back, switched on or off, uninstalled), or the caller's
 * own menus (a menu edited, a grant changed). The console then asks for the registry and its menus.
 */
export const NOTICE_STREAM_PATH = '/admin/admin/notice/stream';
export const NOTICE_STREAM_TOKEN_PARAM = 'token';
export const NOTICE_STREAM_EVENTS = { unread: 'unread', end: 'end', registry: 'registry' } as const;
/** The `data` of an `unread` event (the count/un/read answer). */
export const noticeStreamUnreadSchema = unreadCountSchema;
/** The `data` of a `registry` event: what changed, the remote registry or the caller's menus. */
export const noticeStreamRegistrySchema = z.object({ changed: z.enum(['remotes', 'menus']) });
export type NoticeStreamRegistryEvent = z.infer<typeof noticeStreamRegistrySchema>;

/*
 * Administration (/home/notice/manage).
 */

/** 'Title cannot be empty' and its NUL rule are shared (messages/zh-CN/common.ts). */
const titleSchema = z
  .string({ error: 'Title cannot be empty' })
  .trim()
  .min(1, 'Title cannot be empty')
  .max(128, 'Notice title must be at most 128 characters')
  .regex(NO_NUL, 'Title cannot contain NUL characters');

const rangeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'The range must be 1 (everyone), 2 (one tenant) or 3 (chosen users)',
});
const levelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'The level must be 1 (normal), 2 (important) or 3 (urgent)' });
const userIdsSchema = z
  .array(idSchema, { error: 'Recipients must be a list of user IDs' })
  .max(NOTICE_MAX_RECIPIENTS, `Choose at most ${NOTICE_MAX_RECIPIENTS} recipients`)
  .default([]);
const contentSchema = z
  .string({ error: 'Notice content cannot be empty' })
  .min(1, 'Notice content cannot be empty')
  .max(NOTICE_CONTENT_MAX, `Notice content must be at most ${NOTICE_CONTENT_MAX} characters`)
  .regex(NO_NUL, 'Notice content cannot contain NUL characters');
const tagSchema = z
  .string({ error: 'Notice tag must be text' })
  .trim()
  .max(32, 'Notice tag must be at most 32 characters')
  .regex(NO_NUL, 'Notice tag cannot contain NUL characters')
  .default('');
/** The tenant a range-2 notice or a letter goes to; absent: the sender's own (only the platform names another). */
const targetTenantSchema = idSchema.optional();

export const noticeEditBody = z.object({
  /** Absent: create a draft; present: update (a published notice keeps its range and recipients). */
  id: idSchema.optional(),
  title: titleSchema,
  tag: tagSchema,
  rangeType: rangeSchema,
  level: levelSchema.default(1),
  content: contentSchema,
  tenantId: targetTenantSchema,
  /** Range 3: the chosen users (of the sender's tenant, or of `tenantId`), within the sender's data scope. */
  userIds: userIdsSchema,
  remark: z
    .string({ error: 'Remark must be text' })
    .max(500, 'Remark must be at most 500 characters')
    .regex(NO_NUL, 'Remark cannot contain NUL characters')
    .default(''),
});
export type NoticeEditBody = z.output<typeof noticeEditBody>;
export type NoticeEditInput = z.input<typeof noticeEditBody>;

export const letterSendBody = z.object({
  title: titleSchema,
  tag: tagSchema,
  level: levelSchema.default(1),
  content: contentSchema,
  tenantId: targetTenantSchema,
  userIds: userIdsSchema.refine((ids) => ids.length > 0, 'Choose at least one user'),
});
export type LetterSendBody = z.output<typeof letterSendBody>;

export const noticeAdminRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  tag: z.string(),
  rangeType: z.number().int(),
  level: z.number().int(),
  /** 0 draft, 1 published, 2 withdrawn. */
  state: z.number().int(),
  /** The tenant of a range-2 notice or a letter sent to another tenant; null: the sender's own. */
  targetTenantId: z.number().int().nullable(),
  targetTenantName: z.string(),
  recipientCount: z.number().int(),
  senderId: z.number().int().nullable(),
  senderName: z.string(),
  summary: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoticeAdminRow = z.infer<typeof noticeAdminRowSchema>;

export const noticeAdminViewSchema = noticeAdminRowSchema.extend({
  content: z.string(),
  remark: z.string(),
  /** The chosen users of a letter, with their names as the picker shows them. */
  recipients: z.array(z.object({ id: z.number().int(), username: z.string(), realName: z.string() })),
});
export type NoticeAdminView = z.infer<typeof noticeAdminViewSchema>;

export const NOTICE_ADMIN_LIST_FIELDS = ['id', 'title', 'tag', 'rangeType', 'level', 'state', 'senderName', 'publishedAt', 'createdAt'] as const;
export const NOTICE_ADMIN_KEYWORD_FIELDS = ['title', 'tag', 'senderName', 'summary'] as const;

export const noticeListCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/list',
  access: 'permission',
  tag: 'notice',
  summary: "The caller's tenant's notices and letters (drafts too) whose sender is in their data scope, newest first.",
  query: listQuerySchema,
  data: pagedOf(noticeAdminRowSchema),
});

export const noticeViewCall = defineCall({
  method: 'GET',
  path: '/admin/admin/notice/view',
  access: 'permission',
  tag: 'notice',
  summary: 'One notice with its content and chosen users, for editing.',
  query: idQuery,
  data: noticeAdminViewSchema,
});

export const noticeEditCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/edit',
  access: 'permission',
  tag: 'notice',
  summary: 'Creates a draft (no id) or updates a notice (id); the content is sanitised; a published one keeps its range and recipients.',
  body: noticeEditBody,
  data: noticeAdminViewSchema,
});

export const noticePublishCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/publish',
  access: 'permission',
  tag: 'notice',
  summary: 'Publishes a draft or withdrawn notice to its range; its readers are told at once (notice stream).',
  body: idBody,
  data: noticeAdminViewSchema,
});

export const noticeWithdrawCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/withdraw',
  access: 'permission',
  tag: 'notice',
  summary: 'Withdraws a published notice: its readers no longer see it; it can be edited and published again.',
  body: idBody,
  data: noticeAdminViewSchema,
});

export const noticeDeleteCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/delete',
  access: 'permission',
  tag: 'notice',
  summary: 'Deletes a notice, published or not, with its read marks.',
  body: idBody,
  data: z.null(),
});

export const letterSendCall = defineCall({
  method: 'POST',
  path: '/admin/admin/notice/letter/send',
  access: 'permission',
  tag: 'notice',
  summary: "Sends a private letter (published at once) to chosen users within the sender's data scope; the platform may name another tenant.",
  body: letterSendBody,
  data: noticeAdminViewSchema,
});

export const noticeDeleteBatchCall = defineBatchCall({
  of: noticeDeleteCall,
  path: '/admin/admin/notice/batch/delete',
  summary: 'Deletes each notice of ids, as notice/delete does one; answers per notice.',
});

export const noticePublishBatchCall = defineBatchCall({
  of: noticePublishCall,
  path: '/admin/admin/notice/batch/publish',
  summary: 'Publishes each notice of ids, as notice/publish does one (drafts and withdrawn ones); answers per notice.',
});

/** The personal area's calls (any signed-in user). */
export const NOTICE_CALLS = [
  noticeUnreadCountCall,
  noticePublicMessagesCall,
  noticeMyMessagesCall,
  noticeDetailCall,
  noticeCountAllCall,
  noticeReadAllCall,
] as const;

/** The notice management page's calls. */
export const NOTICE_ADMIN_CALLS = [
  noticeListCall,
  noticeViewCall,
  noticeEditCall,
  noticePublishCall,
  noticeWithdrawCall,
  noticeDeleteCall,
  letterSendCall,
  noticeDeleteBatchCall,
  noticePublishBatchCall,
] as const;
