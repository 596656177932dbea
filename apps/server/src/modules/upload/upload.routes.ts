import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_EMPTY,
  UPLOAD_MAX_BYTES,
  UPLOAD_NOT_IMAGE,
  UPLOAD_TOO_LARGE,
  uploadImageCall,
  ResultCode,
  type UploadPurpose,
  type UploadResult,
} from '@uc/contracts';
import { AppError, badRequest } from '../../lib/errors';
import { implement, type CallContext, type CallImplementation } from '../../http/route-registrar';
import { imageTypeOf } from './image-type';
import { uploadUrl } from './upload-references';
import { recordUpload } from './upload.repository';

/** The multipart parser (one file, at most 2M), registered before the calls. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 }, throwFileSizeLimit: true });
}

/**
 * Stores the one image of a multipart request as an upload of the caller's tenant, in the call's
 * transaction: the upload call, and the profile's upload of the caller's own avatar or payment code.
 */
export async function receiveImage(
  { req, db, session }: Pick<CallContext<unknown, unknown>, 'req' | 'db' | 'session'>,
  purpose: UploadPurpose,
  uploadDir: string,
): Promise<UploadResult> {
  if (!req.isMultipart()) throw badRequest(UPLOAD_EMPTY);
  const tooLarge = () => new AppError(413, ResultCode.error, UPLOAD_TOO_LARGE);
  let bytes: Buffer;
  try {
    const part = await req.file();
    if (!part) throw badRequest(UPLOAD_EMPTY);
    bytes = await part.toBuffer();
    // The parser stops at the limit and marks the file truncated; toBuffer() notices only when the cut
    // falls inside a chunk it reads. A streamed body whose chunks end exactly at 2M comes back whole-looking
    // but cut (fetch with a file's Blob does that), so the mark is checked here, and the length too.
    if (part.file.truncated || bytes.length > UPLOAD_MAX_BYTES) throw tooLarge();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // A broken multipart body is the client's problem, never a 500.
    throw badRequest(UPLOAD_EMPTY);
  }
  if (bytes.length === 0) throw badRequest(UPLOAD_EMPTY);
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError(415, ResultCode.error, UPLOAD_NOT_IMAGE);
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  // The row first, in the call's transaction: a failed write rolls it back; a file whose row
  // never committed has no owner and goes with the next sweep.
  await recordUpload(db, { tenantId: session.tenantId, name, purpose, uploaderId: session.userId });
  await mkdir(uploadDir, { recursive: true });
  await writeFile(join(uploadDir, name), bytes, { flag: 'wx' });
  return { url: uploadUrl(name), name, size: bytes.length, mime: type.mime, purpose };
}

export function uploadCalls(uploadDir: string): CallImplementation[] {
  return [implement(uploadImageCall, async (ctx) => receiveImage(ctx, ctx.query.purpose, uploadDir))];
}
