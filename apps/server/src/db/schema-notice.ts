import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { common, id, tenantId, timestamps, ts } from './schema-columns';
import { users } from './schema-core';

/** Range of a notice: everyone in the tenant, or one user (a private letter). */
export const noticeRange = { all: 1, private: 2 } as const;

/** Notices and private letters (spec: title, tag, range type, level, content). */
export const notices = pgTable(
  'notices',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    tag: text('tag').notNull().default(''),
    rangeType: smallint('range_type').notNull().default(noticeRange.all),
    level: smallint('level').notNull().default(1),
    content: text('content').notNull().default(''),
    /** The addressee of a private letter; null for a notice to everyone. */
    receiverId: bigint('receiver_id', { mode: 'number' }),
    senderId: bigint('sender_id', { mode: 'number' }),
    ...common,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.receiverId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('notices_receiver_idx')
      .on(t.tenantId, t.receiverId)
      .where(sql`${t.receiverId} is not null`),
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
