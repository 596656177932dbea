import type { UploadPurpose } from '@uc/contracts';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

/** Records a stored image as an upload of the tenant, in the caller's transaction (its file is written after). */
export async function recordUpload(db: Db, row: { tenantId: number; name: string; purpose: UploadPurpose; uploaderId: number }): Promise<void> {
  await db.insert(uploads).values(row);
}
