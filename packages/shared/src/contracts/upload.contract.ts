import { z } from 'zod';
import { defineCall } from './define-call';

/** Spec section 5 and 9: a payment code image (and any other image) at most 2M. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_EMPTY = 'Upload: Please select a file.';
export const UPLOAD_TOO_LARGE = 'Upload: the image may not exceed 2M.';
export const UPLOAD_NOT_IMAGE = 'Upload: only PNG, JPEG, GIF or WebP images are accepted.';

export const uploadResultSchema = z.object({
  /** Where the image is served from (same origin), to store in avatar or alipayCode. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadImageCall = defineCall({
  method: 'POST',
  path: '/admin/admin/upload/image',
  access: 'permission',
  tag: 'upload',
  summary: 'Uploads one image (multipart/form-data, field "file"): PNG, JPEG, GIF or WebP by content, at most 2M.',
  data: uploadResultSchema,
});

/** GET prefix the stored images are served from (not an API call: plain files, no envelope). */
export const UPLOAD_FILES_PREFIX = '/admin/admin/upload/file/';
