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
  purpose: z.enum(UPLOAD_PURPOSES, { error: `The upload purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` }).default('public'),
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

/** Stored names: 32 random hex digits and the extension of the type found in the bytes (the server picks both). */
export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Exactly what the upload calls return as `url`: this server's file address of one stored name. */
export const UPLOAD_URL_PATTERN = new RegExp(`^${UPLOAD_FILES_PREFIX.replace(/[/.]/g, '\\$&')}${UPLOAD_NAME_PATTERN.source.slice(1)}`);

export const UPLOADED_IMAGE_RULE =
  'Only an image uploaded to this server can be saved here (an address such as /admin/admin/upload/file/….png that the upload returns): upload the image, or leave the field empty';

/**
 * Every record field that holds an image (a user's avatar and Alipay payment code, in the user form, the
 * account settings and the withdrawal account): empty, or an image this server stored, in the exact form
 * the upload call returns. Never another site's address: an image from elsewhere is a tracking pixel on
 * every list that shows it. The server also checks that the upload is the caller's tenant's and of the
 * field's purpose (apps/server/src/modules/upload/upload-references.ts).
 */
export const uploadedImage = () =>
  z
    .string({ error: UPLOADED_IMAGE_RULE })
    .trim()
    .refine((v) => v === '' || UPLOAD_URL_PATTERN.test(v), UPLOADED_IMAGE_RULE)
    .default('');
