import { badRequest } from './errors';

/*
 * PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one fails inside the
 * database as an error the caller cannot act on. Every registered call passes its body and query
 * through here before validation, so present and future fields, filters included, are covered alike.
 */

const SIMPLE_NAME = /^[A-Za-z0-9_$-]{1,64}$/;

/** The path of the first key or text holding a NUL character ('' for the value itself), or undefined. */
export function pathOfNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      // A field name that is no name (NUL in it, JSON text, ...) is not quoted back: the object holding it is named.
      const named = SIMPLE_NAME.test(key);
      if (!named && key.includes('\u0000')) return path.join('.');
      const found = pathOfNul(inner, named ? [...path, key] : path);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Refuses a body or query holding a NUL character with a 400 that names the field. */
export function refuseNul(value: unknown, part: 'body' | 'query'): void {
  const path = pathOfNul(value);
  if (path === undefined) return;
  throw badRequest('{field}: must not contain the NUL character (\\u0000): remove it and send again', { field: path || part });
}
