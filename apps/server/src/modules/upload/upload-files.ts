import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { memberViewCall, UPLOAD_FILES_PREFIX } from '@uc/contracts';
import type { Db } from '../../db/client';
import { uploads, users } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { notFound } from '../../lib/errors';
import { requirePermission, requireSession, type Session } from '../auth/access';
import type { SessionPolicy } from '../auth/session.repository';
import { tokenFrom } from '../auth/token';
import { memberVisibility } from '../member/member.visibility';
import { MIME_OF_EXT, STORED_NAME } from './image-type';
import { IMAGE_FIELDS, uploadUrl } from './upload-references';

// One answer for a name that does not exist, another tenant's file and a record out of data scope.
const noSuchFile = () => notFound('There is no such file: it may have been replaced or removed; reload the page');

/** Avatars never change under their random name; a payment code must not outlive the session in any cache. */
const CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, no-store' } as const;

/**
 * Whether the signed-in caller may see a private upload: it is their tenant's (else 404), they
 * uploaded it (the form shows it before it is saved), their own user record holds it, or they hold the permission of the screen that
 * shows it (member view, else 403) and a record holding it is in their data scope (else 404).
 * Runs in the caller's tenant transaction: row-level security hides other tenants' rows too.
 */
async function assertMayView(tx: Db, session: Session, name: string): Promise<void> {
  const [row] = await tx
    .select({ uploaderId: uploads.uploaderId })
    .from(uploads)
    .where(and(eq(uploads.tenantId, session.tenantId), eq(uploads.name, name)));
  if (!row) throw noSuchFile();
  if (row.uploaderId === session.userId) return;
  const holds = IMAGE_FIELDS.filter((f) => f.purpose === 'private').map((f) => eq(f.column, uploadUrl(name)));
  // Their own record's image, whoever uploaded it: the account settings show a user their payment code.
  const [own] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId), or(...holds)));
  if (own) return;
  await requirePermission(tx, session, memberViewCall.path);
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(await memberVisibility(tx, session), or(...holds)))
    .limit(1);
  if (!holder) throw noSuchFile();
}

async function sendFile(reply: FastifyReply, uploadDir: string, name: string, cache: string) {
  const bytes = await readFile(join(uploadDir, name)).catch(() => null);
  if (!bytes) throw noSuchFile();
  return reply
    .header('content-type', MIME_OF_EXT[name.split('.')[1]!]!)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cache)
    .send(bytes);
}

export interface UploadFilesOptions {
  /** The system connection: the route finds the session and opens the caller's tenant scope itself. */
  db: Db;
  sessions: SessionPolicy;
}

/**
 * Serves the stored images: only names of the stored form (so no path can leave the directory), the
 * type from the extension we chose ourselves, nosniff and a sandboxing CSP so nothing runs from here.
 * Public uploads (avatars) go to anyone; private ones (payment codes) only to a signed-in caller of
 * the owning tenant who may view them, sent with the token in Authorization (the console's AuthImage).
 */
export function registerUploadFiles(app: FastifyInstance, uploadDir: string, { db, sessions }: UploadFilesOptions): void {
  app.get(`${UPLOAD_FILES_PREFIX}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!STORED_NAME.test(name)) throw noSuchFile();
    // System connection (reviewed bypass): whether a file is public is known before any session.
    const rows = await db.select({ purpose: uploads.purpose }).from(uploads).where(eq(uploads.name, name));
    if (rows.some((r) => r.purpose === 'public')) return sendFile(reply, uploadDir, name, CACHE.public);
    // Private or unknown: a stranger gets the same 401 for both, so learns nothing about the name.
    const session = await requireSession(db, tokenFrom(req.headers.authorization), sessions);
    await withTenant(db, session.tenantId, (tx) => assertMayView(tx, session, name));
    return sendFile(reply.header('cross-origin-resource-policy', 'same-origin'), uploadDir, name, CACHE.private);
  });
}
