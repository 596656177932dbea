import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, tenantId, timestamps, ts } from './schema-columns';
import { users } from './schema-core';

/*
 * Notices and private letters (drizzle/0028_notice_admin.sql explains the delivery model).
 *
 * A row is delivered to the users of its own tenant when it is published and aims at no other tenant
 * (target_tenant_id null): to all of them for ranges 1 and 2, to its notice_recipients for range 3.
 * The platform's notices for other tenants reach them through copies in those tenants (origin_id
 * names the platform's row), so every read stays inside one tenant (row-level security, Citus).
 */
export const notices = pgTable(
  'notices',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    tag: text('tag').notNull().default(''),
    /** 1 everyone, 2 one tenant, 3 chosen users (a private letter). */
    rangeType: smallint('range_type').notNull().default(1),
    level: smallint('level').notNull().default(1),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    /** The content as plain text, cut short (lists and their keyword search). */
    summary: text('summary').notNull().default(''),
    /** 0 draft, 1 published, 2 withdrawn. */
    state: smallint('state').notNull().default(0),
    publishedAt: ts('published_at'),
    /** Range 2 or 3 aimed at another tenant than the row's (the platform's only); null: the row's own. */
    targetTenantId: bigint('target_tenant_id', { mode: 'number' }),
    /** Range 3: the chosen user ids (of the target tenant), kept as the sender chose them. */
    receiverIds: jsonb('receiver_ids').$type<number[]>().notNull().default([]),
    /** A delivery copy in another tenant: the id of the platform notice it copies. */
    originId: bigint('origin_id', { mode: 'number' }),
    senderId: bigint('sender_id', { mode: 'number' }),
    /** The sender's name when it was sent (a copy's sender lives in the platform tenant). */
    senderName: text('sender_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('notices_published_at_ck', sql`${t.state} <> 1 or ${t.publishedAt} is not null`),
    index('notices_delivered_idx')
      .on(t.tenantId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 1 and ${t.targetTenantId} is null`),
    index('notices_origin_idx')
      .on(t.originId)
      .where(sql`${t.originId} is not null`),
  ],
);

/** The chosen users of a delivered letter (range 3), in the delivering row's tenant. */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    tenantId: tenantId(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.noticeId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.noticeId], foreignColumns: [notices.tenantId, notices.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('notice_recipients_user_idx').on(t.tenantId, t.userId, t.noticeId),
  ],
);

/** Who has read which notice; one row per reader. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    tenantId: tenantId(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.noticeId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.noticeId], foreignColumns: [notices.tenantId, notices.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
