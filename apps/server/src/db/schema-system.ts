import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tenants } from './schema-core';

/*
 * Tables the database's own functions and triggers keep (src/db/policies/triggers.ts), declared here so
 * the schema has every table the migrations made (schema-matches-migrations.test.ts) and drizzle-kit
 * knows them. Re-exported from schema.ts. uc_app has no privilege on any of them but auth_epochs' SELECT.
 */

/** The cross-tenant secret (drizzle/0015): uc_cross_tenant() compares app.cross_tenant with it. One row only. */
export const platformSecret = pgTable(
  'uc_platform_secret',
  {
    id: boolean('id').primaryKey().default(true),
    crossTenant: text('cross_tenant').notNull(),
  },
  (t) => [check('uc_platform_secret_id_check', sql`${t.id}`)],
);

/** Authorisation epochs (drizzle/0020): a tenant's counter (0: platform-wide), bumped by the triggers on every write that can revoke a right. */
export const authEpochs = pgTable('auth_epochs', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
});

/** Live users per tenant as rows of deltas (drizzle/0047), written by the triggers on users, summed by uc_live_users(). */
export const userCounts = pgTable(
  'user_counts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    live: bigint('live', { mode: 'number' }).notNull(),
  },
  (t) => [index('user_counts_tenant_idx').on(t.tenantId)],
);

/**
 * Live users per tenant and block of 1,024 ids (id >> 10), as rows of deltas like user_counts (drizzle/0048),
 * written by the same triggers; uc_live_user_seek() finds where a page by number starts from them.
 */
export const userIdBlocks = pgTable(
  'user_id_blocks',
  {
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    block: bigint('block', { mode: 'number' }).notNull(),
    live: bigint('live', { mode: 'number' }).notNull(),
  },
  // Read in block order from either end, a tenant at a time, the deltas summed from the index alone.
  (t) => [index('user_id_blocks_tenant_block_idx').on(t.tenantId, t.block)],
);
