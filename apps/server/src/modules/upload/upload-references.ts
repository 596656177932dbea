import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { UPLOAD_FILES_PREFIX, uploadImageCall, type MemberEditBody, type UploadPurpose } from '@uc/contracts';
import type { Db } from '../../db/client';
import { uploads, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Session } from '../auth/access';
import { STORED_NAME } from './image-type';

export interface ImageField {
  field: 'avatar' | 'alipayCode';
  column: AnyPgColumn;
  purpose: UploadPurpose;
}

/**
 * The record fields that hold uploads, declared once: the member save checks what is put in them,
 * the sweep keeps what they refer to, the file route asks them who may see a private image.
 */
export const IMAGE_FIELDS: readonly ImageField[] = [
  { field: 'avatar', column: users.avatar, purpose: 'public' },
  { field: 'alipayCode', column: users.alipayCode, purpose: 'private' },
];

export const uploadUrl = (name: string): string => `${UPLOAD_FILES_PREFIX}${name}`;

/** The stored name an upload URL points at; undefined for anything else. */
export function uploadNameOf(url: string): string | undefined {
  if (!url.startsWith(UPLOAD_FILES_PREFIX)) return undefined;
  const name = url.slice(UPLOAD_FILES_PREFIX.length);
  return STORED_NAME.test(name) ? name : undefined;
}

/**
 * A user's avatar and payment code may only be uploads of the caller's own tenant with the field's
 * purpose (a payment code must be private, so it is never served to strangers); the contract
 * (uploadedImage) has already refused anything but empty or this server's upload address, so no other
 * site's image (a tracking pixel on every list) is ever kept. Each one saved is
 * marked used: the sweep spares it, and a sweep running at the same moment waits for this transaction
 * and then sees the new time. A value the user already had passes: it was checked when it was saved,
 * or it predates this check and is the administrator's to replace.
 */
export async function claimUserImages(
  db: Db,
  session: Session,
  userId: number | undefined,
  values: Pick<MemberEditBody, 'avatar' | 'alipayCode'>,
): Promise<void> {
  const [before] =
    userId === undefined
      ? []
      : await db
          .select({ avatar: users.avatar, alipayCode: users.alipayCode })
          .from(users)
          .where(and(eq(users.tenantId, session.tenantId), eq(users.id, userId)));
  for (const { field, purpose } of IMAGE_FIELDS) {
    const value = values[field];
    if (value === '' || value === before?.[field]) continue;
    const params = { field, value, purpose, upload: `POST ${uploadImageCall.path}?purpose=${purpose}` };
    const name = uploadNameOf(value);
    if (!name) throw badRequest('{field}: "{value}" is not an image uploaded here: upload the image with {upload} and save the url it returns', params);
    const [row] = await db
      .update(uploads)
      .set({ usedAt: sql`now()` })
      .where(and(eq(uploads.tenantId, session.tenantId), eq(uploads.name, name)))
      .returning({ purpose: uploads.purpose });
    if (!row)
      throw badRequest(
        '{field}: the image {value} is not an upload of your tenant (or it was removed as unused): upload the image with {upload} and save the url it returns',
        params,
      );
    if (row.purpose !== purpose)
      throw badRequest(
        '{field}: the image was uploaded as {uploaded} but this field takes {purpose} images: upload the image with {upload} and save the url it returns',
        { ...params, uploaded: row.purpose },
      );
  }
}
