import type { UploadPurpose } from '@uc/contracts';
import { auth } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';

/** Test images: the magic bytes of each accepted kind and some filler. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(64, 4)]);

/** A multipart/form-data body with one file (or, with null, one plain field and no file). */
export function multipartBody(file: Buffer | null, filename = 'a.png', type = 'image/png') {
  const boundary = '----uc-test-boundary';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      file,
      Buffer.from('\r\n'),
    );
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Calls the upload API as `token`; `purpose` undefined sends none (the spec's plain call). */
export async function uploadImage(
  t: TestApp,
  token: string,
  options: { purpose?: UploadPurpose | string; file?: Buffer | null; filename?: string; type?: string } = {},
) {
  const { payload, headers } = multipartBody(options.file === undefined ? PNG : options.file, options.filename, options.type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/admin/upload/image',
    query: options.purpose ? { purpose: options.purpose } : {},
    payload,
    headers: { ...headers, ...auth(token) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** GETs a stored file, signed in as `token` or, without one, as a stranger. */
export const fetchFile = (t: TestApp, url: string, token?: string) => t.app.inject({ url, headers: token ? auth(token) : {} });
