import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from './schema-columns';
import { tenants } from './schema-core';

/*
 * Reservations of the quota counts other services own (drizzle/0027_tenant_quota.sql, issue 13).
 * Re-exported from schema.ts.
 */

/** Units of one count in use in a tenant: what its live reservations add up to. */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** One granted reservation, released once by its id. */
export const quotaReservations = pgTable(
  'quota_reservations',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    kind: text('kind').notNull(),
    units: integer('units').notNull(),
    reference: text('reference').notNull().default(''),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
