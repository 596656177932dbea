import { z } from 'zod';
import { defineCall } from './define-call';

/** Spec section 5 and 9: a payment code image (and any other image) at most 2M. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_EMPTY = 'Upload: Please select a file.';
export const UPLOAD_TOO_LARGE = 'Upload: the image may not exceed 2M.';
export const UPLOAD_NOT_IMAGE = 'Upload: only PNG, JPEG, GIF or WebP images are accepted.';

/**
 * Who may read an upload. `public` (avatars): anyone with the URL, cached long. `private` (payment
 * codes): only signed-in users of the uploading tenant who may view the record holding it, never
 * cached; the console shows these through AuthImage, as an <img> cannot send the token.
 */
export const UPLOAD_PURPOSES = ['public', 'private'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploadImageQuery = z.object({
  /** Defaults to public, so the spec's upload call (a file and nothing else) keeps working. */
  purpose: z.enum(UPLOAD_PURPOSES, { error: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` }).default('public'),
});

export const uploadResultSchema = z.object({
  /** Where the image is served from (same origin), to store in avatar (public) or alipayCode (private). */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadImageCall = defineCall({
  method: 'POST',
  path: '/admin/admin/upload/image',
  access: 'permission',
  tag: 'upload',
  summary:
    'Uploads one image (multipart/form-data, field "file"): PNG, JPEG, GIF or WebP by content, at most 2M. ' +
    'purpose=private (payment codes) is served only to signed-in users of the tenant allowed to view the record that holds it; ' +
    'an image no record refers to is deleted a day after its upload.',
  query: uploadImageQuery,
  data: uploadResultSchema,
});

/** GET prefix the stored images are served from (not an API call: plain files, no envelope). */
export const UPLOAD_FILES_PREFIX = '/admin/admin/upload/file/';
