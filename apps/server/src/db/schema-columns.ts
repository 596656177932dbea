import { Status } from '@uc/contracts';
import { bigint, integer, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the schema files. */
export const id = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();
export const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};
export const common = {
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(Status.enabled),
  remark: text('remark').notNull().default(''),
};
