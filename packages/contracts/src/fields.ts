import { z } from 'zod';

/*
 * Field rules shared by the organisation contracts (spec section 5): the client's forms and the
 * server's validation use the same schemas, so their messages can never disagree.
 */

export const PHONE_INVALID = 'Phone number is invalid!';
export const EMAIL_INVALID = 'Incorrect email format';

/** Mainland mobile (13800000000), landline (010-12345678) or international (+441234567890). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|\+\d{6,15})$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional phone: '' or a valid number. */
export const optionalPhone = z
  .string()
  .trim()
  .max(32, PHONE_INVALID)
  .refine((v) => v === '' || PHONE_PATTERN.test(v), PHONE_INVALID);
/** Optional email: '' or a valid address of at most 320 characters. */
export const optionalEmail = z
  .string()
  .trim()
  .max(320, 'Email must be at most 320 characters')
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), EMAIL_INVALID);

/** The status of every record that can be switched off: users, departments, posts, roles, menus, keys. */
export const Status = { enabled: 1, disabled: 2 } as const;
export type StatusValue = (typeof Status)[keyof typeof Status];
export const statusSchema = z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' });
export const idSchema = z.coerce
  .number({ error: 'The ID must be a number' })
  .int('The ID must be a whole number')
  .min(1, 'The ID must be at least 1')
  .max(2 ** 53 - 1, 'The ID is too large');
export const sortSchema = z
  .number({ error: 'The sort order must be a number' })
  .int('The sort order must be a whole number')
  .min(-1_000_000)
  .max(1_000_000)
  .default(0);
export const remarkSchema = z.string({ error: 'Remark must be text' }).max(500, 'Remark must be at most 500 characters').default('');

/** `{ id }` in a query string (view) or a body (delete). */
export const idQuery = z.object({ id: idSchema });
export const idBody = z.object({ id: idSchema });
export const statusBody = z.object({ id: idSchema, status: statusSchema });

/** 8 to 64 characters, no composition rules; the server also refuses the most common passwords. */
export const newPasswordSchema = z
  .string({ error: 'Password cannot be empty' })
  .min(8, 'Password must be at least 8 characters')
  .max(64, 'Password must be at most 64 characters');

/** Databases refuse the NUL character in text: say so rather than fail. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
export const NO_NUL = /^[^\u0000]*$/;
