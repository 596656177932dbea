import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens the embedded database of a test server that is stopped (`stop({ keepData: true })`): one
 * process owns a PGlite directory at a time, so the server must not run meanwhile. For what a test
 * cannot reach through the API, such as a captcha whose answer it knows.
 */
export async function withDatabase<T>(dataDir: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A 1×1 PNG, for a captcha served as a raster image (the form takes any data: image). */
export const PNG_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** An SVG that shows `code`: distinct per captcha, so a refresh visibly brings a new image. */
const svgShowing = (code: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="24" y="28" font-size="22">${code}</text></svg>`).toString('base64')}`;

export interface KnownCaptcha {
  cid: string;
  code: string;
  /** What GET /user/admin/site/captcha would answer as the image. */
  base64: string;
}

/** Stores a captcha as the server does (the SHA-256 of the trimmed, lower-cased code), valid for an hour. */
export async function insertCaptcha(db: PGlite, code: string, image = svgShowing(code)): Promise<KnownCaptcha> {
  const cid = randomUUID();
  const codeHash = createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
  await db.query('INSERT INTO captchas (id, code_hash, expires_at) VALUES ($1, $2, $3)', [cid, codeHash, new Date(Date.now() + 3_600_000)]);
  return { cid, code, base64: image };
}
