import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Session } from '../auth/access';

/** Records an administrative write in the caller's tenant-scoped transaction (so it commits with it). */
export async function writeAudit(tx: Db, session: Session, entry: { action: string; target: string; fields: string[]; ip: string }): Promise<void> {
  await tx.insert(auditLogs).values({
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    action: entry.action,
    target: entry.target.slice(0, 200),
    fields: entry.fields.slice(0, 50).map((f) => f.slice(0, 64)),
    ip: entry.ip.slice(0, 64),
  });
}
