import { bigint, boolean, foreignKey, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tenantId, ts } from './schema-columns';
import { users } from './schema-core';

/*
 * The signed-in user's own settings (issue 14, drizzle/0029_account_self.sql). Re-exported from schema.ts.
 */

/**
 * Which kinds of messages a user wants. No row: every kind (the default until they say otherwise),
 * so a new user costs no write. The notice lists and the unread badge read it through
 * modules/profile/notice-preferences.ts.
 */
export const userNoticePreferences = pgTable(
  'notice_preferences',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Public notices. */
    notices: boolean('notices').notNull().default(true),
    /** Private letters. */
    letters: boolean('letters').notNull().default(true),
    /** System messages. */
    system: boolean('system').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    // noticePreferences(tx, userId) is asked by user alone (user ids are unique across tenants).
    index('notice_preferences_user_idx').on(t.userId),
  ],
);
