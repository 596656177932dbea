import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_EMPTY, UPLOAD_FILES_PREFIX, UPLOAD_MAX_BYTES, UPLOAD_NOT_IMAGE, UPLOAD_TOO_LARGE, uploadImageCall, ResultCode } from '@uc/shared/contracts';
import { fail } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { imageTypeOf, MIME_OF_EXT, STORED_NAME } from './image-type';

/** The multipart parser (one file, at most 2M), registered before the calls. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 }, throwFileSizeLimit: true });
}

export function uploadCalls(uploadDir: string): CallImplementation[] {
  return [
    implement(uploadImageCall, async ({ req }) => {
      if (!req.isMultipart()) throw badRequest(UPLOAD_EMPTY);
      let bytes: Buffer;
      try {
        const part = await req.file();
        if (!part) throw badRequest(UPLOAD_EMPTY);
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, ResultCode.error, UPLOAD_TOO_LARGE);
        // A broken multipart body is the client's problem, never a 500.
        throw badRequest(UPLOAD_EMPTY);
      }
      if (bytes.length === 0) throw badRequest(UPLOAD_EMPTY);
      const type = imageTypeOf(bytes);
      if (!type) throw new AppError(415, ResultCode.error, UPLOAD_NOT_IMAGE);
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await mkdir(uploadDir, { recursive: true });
      await writeFile(join(uploadDir, name), bytes, { flag: 'wx' });
      return { url: `${UPLOAD_FILES_PREFIX}${name}`, name, size: bytes.length, mime: type.mime };
    }),
  ];
}

/**
 * Serves the stored images: only names of the stored form (so no path can leave the directory), the
 * type from the extension we chose ourselves, nosniff and a sandboxing CSP so nothing runs from here.
 */
export function registerUploadFiles(app: FastifyInstance, uploadDir: string): void {
  app.get(`${UPLOAD_FILES_PREFIX}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const missing = () => reply.code(404).send(fail(ResultCode.error, 'There is no such file'));
    if (!STORED_NAME.test(name)) return missing();
    const bytes = await readFile(join(uploadDir, name)).catch(() => null);
    if (!bytes) return missing();
    return reply
      .header('content-type', MIME_OF_EXT[name.split('.')[1]!]!)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
