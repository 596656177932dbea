import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';
import { NO_NUL } from './fields';

/*
 * Open access keys (/permission/openaccess): a public key and a secret with which a program signs in
 * as the key's linked user (POST /user/admin/site/access/open/login). The secret is shown in full
 * once, when it is made (create or rotate); lists and views only show it masked.
 */

const id = z.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number');
const status = z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' });

export const openAccessRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The public key (sent with every signed sign-in). */
  key: z.string(),
  /** The secret, masked (such as 'sk_…abcd'); the full secret is never returned after it was made. */
  secretMasked: z.string(),
  /** The user the key acts as. */
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpenAccessRecord = z.infer<typeof openAccessRowSchema>;

export const openAccessInputSchema = z.object({
  /** Absent: create (a new key and secret are made); present: update (key and secret unchanged). */
  id: id.optional(),
  title: z
    .string({ error: 'Title cannot be empty' })
    .trim()
    .min(1, 'Title cannot be empty')
    .max(64, 'Title must be at most 64 characters')
    .regex(NO_NUL, 'Title cannot contain NUL characters'),
  userId: z.number({ error: 'Choose the user the key acts as' }).int().positive('Choose the user the key acts as'),
  status: status.default(1),
  remark: z.string().trim().max(500, 'Remark must be at most 500 characters').regex(NO_NUL, 'Remark cannot contain NUL characters').default(''),
});
export type OpenAccessInput = z.input<typeof openAccessInputSchema>;

/** A key with its full secret: returned once, by create and by rotate. */
export const openAccessSecretSchema = z.object({ id: z.number().int(), key: z.string(), secret: z.string() });
export type OpenAccessSecret = z.infer<typeof openAccessSecretSchema>;

export const openAccessListCall = defineCall({
  method: 'GET',
  path: '/user/admin/openaccess/list',
  access: 'permission',
  tag: 'openaccess',
  summary: "The tenant's open access keys, newest first, secrets masked (a keyword matches title, key and remark).",
  // The shared list query (filter, sort, after), plus the screen's keyword (the same as filter ['keyword', text]).
  query: listQuerySchema.extend({ keyword: z.string().trim().max(64).optional() }),
  data: pagedOf(openAccessRowSchema),
});

export const openAccessViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/openaccess/view',
  access: 'permission',
  tag: 'openaccess',
  summary: 'One open access key, secret masked.',
  query: z.object({ id: z.coerce.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number') }),
  data: openAccessRowSchema,
});

export const openAccessEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/openaccess/edit',
  access: 'permission',
  tag: 'openaccess',
  summary: 'Creates a key (the answer holds its secret, shown this once) or updates title, linked user, status and remark.',
  body: openAccessInputSchema,
  data: z.object({ id: z.number().int(), key: z.string(), secret: z.string().optional() }),
});

export const openAccessRotateCall = defineCall({
  method: 'POST',
  path: '/user/admin/openaccess/rotate',
  access: 'permission',
  tag: 'openaccess',
  summary: 'Replaces the secret of a key; the old one stops working at once. The answer holds the new secret, shown this once.',
  body: z.object({ id }),
  data: openAccessSecretSchema,
});

export const openAccessStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/openaccess/status',
  access: 'permission',
  tag: 'openaccess',
  summary: 'Enables (1) or disables (2) a key.',
  body: z.object({ id, status }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

export const openAccessDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/openaccess/delete',
  access: 'permission',
  tag: 'openaccess',
  summary: 'Deletes a key; sign-ins with it stop at once (sessions already open run on until they end).',
  body: z.object({ id }),
  data: z.object({ id: z.number().int() }),
});
