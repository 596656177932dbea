import type { CallContract } from '@uc/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../../modules/auth/access';
import { writeAudit } from '../../modules/security/audit-log.repository';

/*
 * Audit: every administrative write (a permission call that is no GET) leaves an entry, written in
 * the same transaction as the write itself, so a write and its entry commit or roll back together.
 * Batch calls write one entry per row done (batch-rows.ts), not one for the call.
 */

/** What the handler named through ctx.auditTarget / auditFields; unset parts default to the body's. */
export interface AuditNote {
  target?: string;
  fields?: string[];
}

/** The record a write acted on by default: the body's id. */
export const auditTargetOf = (body: unknown): string => {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
};

/** The fields a write lists by default: every field of the body. */
export const fieldsOf = (body: unknown): string[] => (body && typeof body === 'object' ? Object.keys(body) : []);

/** Whether the pipeline writes an entry for the call (read once per route). */
export const isAudited = (call: CallContract): boolean => call.access === 'permission' && call.method !== 'GET' && !call.batch;

/** The entry of one write, as the handler named it (or the body's defaults). */
export function auditEntry(call: CallContract, body: unknown, note: AuditNote, ip: string): { action: string; target: string; fields: string[]; ip: string } {
  return { action: call.path, target: note.target ?? auditTargetOf(body), fields: note.fields ?? fieldsOf(body), ip };
}

export function audit(db: Db, session: Session, call: CallContract, body: unknown, note: AuditNote, ip: string): Promise<void> {
  return writeAudit(db, session, auditEntry(call, body, note, ip));
}
