import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 32 random bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored, so a leaked sessions table does not leak usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token of a request: the raw `Authorization` header or `Bearer <token>`; empty means none. */
export function tokenFrom(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : value;
  return token.length > 0 && token.length <= 512 ? token : null;
}
