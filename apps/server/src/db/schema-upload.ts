import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, ts } from './schema-columns';
import { tenants } from './schema-core';

/**
 * The images of DATA_DIR/uploads and whose they are (issue 10, defect 12). The file name is the key
 * the URL carries; the tenant decides who may read a private one; a row (and its file) that no
 * record refers to is removed by the upload sweep (modules/upload/upload-sweep.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    tenantId: tenantId().references(() => tenants.id),
    /** The stored file name: 32 random hex digits and the extension of its content. */
    name: text('name').notNull(),
    /** public (avatars) or private (payment codes): UPLOAD_PURPOSES of the upload contract. */
    purpose: text('purpose').notNull(),
    /** Who uploaded it (may see a private one before it is saved on a record); null for files found on disk. */
    uploaderId: bigint('uploader_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The upload, then each save of a record pointing at it: the sweep's grace period counts from here. */
    usedAt: ts('used_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.name] }),
    // The file route looks a name up before it knows the tenant (public avatars need no session).
    index('uploads_name_idx').on(t.name),
    index('uploads_used_at_idx').on(t.usedAt),
    check('uploads_purpose_ck', sql`${t.purpose} in ('public', 'private')`),
  ],
);
