import { Status, type TenantInviteEditBody, type TenantInviteRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { findInvite, policyStatus, removeInvite, writeInvite } from './tenant-invite.repository';

/* The platform's invitations: the rules and refusals (tenant-invite.repository.ts reads and writes the rows). */

const missing = () => notFound('The invitation does not exist: it may have been deleted; reload the list');

export async function getInvite(db: Db, id: number): Promise<TenantInviteRow> {
  const row = await findInvite(db, id);
  if (!row) throw missing();
  return row;
}

export async function saveInvite(db: Db, creator: { userId: number; username: string }, body: TenantInviteEditBody): Promise<TenantInviteRow> {
  const status = await policyStatus(db, body.policyId);
  if (status === undefined) throw badRequest('policyId: the tenant policy does not exist: choose one of the list');
  if (status !== Status.enabled) throw badRequest('policyId: the tenant policy is disabled: enable it or choose another');
  if (body.id !== undefined && (await getInvite(db, body.id)).used) {
    throw conflict('This invitation was already used and is kept as the record of who used it: make a new one instead');
  }
  const saved = await writeInvite(db, creator, body);
  if (saved === 'usedMeanwhile') throw conflict('This invitation was used a moment ago: make a new one instead');
  if (saved === 'codeTaken') {
    throw conflict('code: the invitation code "{code}" is already used by another invitation: choose another, or leave it empty', { code: body.code });
  }
  return getInvite(db, saved);
}

export async function deleteInvite(db: Db, id: number): Promise<void> {
  if (!(await removeInvite(db, id))) throw missing();
}
