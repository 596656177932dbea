import { badRequest } from './errors';

/*
 * PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one fails inside the
 * database as an error the caller cannot act on. Every registered call passes its body and query
 * through here before validation, so present and future fields, filters included, are covered alike.
 *
 * The walk keeps its own stack instead of recursing: however deeply a body nests, it cannot exhaust
 * the call stack (a RangeError answered 500), and each value is visited once, so its cost grows with
 * the body's size, never with the square of its depth (the path is built only for the value found).
 */

const SIMPLE_NAME = /^[A-Za-z0-9_$-]{1,64}$/;

/** A value still to visit, with the path that leads to it as a chain of names (null: the root). */
interface Pending {
  value: unknown;
  path: PathLink | null;
}
interface PathLink {
  name: string;
  parent: PathLink | null;
}

const pathText = (link: PathLink | null): string => {
  const names: string[] = [];
  for (let at = link; at; at = at.parent) names.push(at.name);
  return names.reverse().join('.');
};

/** The path of the first key or text holding a NUL character ('' for the value itself), or undefined. */
export function pathOfNul(value: unknown): string | undefined {
  const stack: Pending[] = [{ value, path: null }];
  while (stack.length > 0) {
    const { value: at, path } = stack.pop()!;
    if (typeof at === 'string') {
      if (at.includes('\u0000')) return pathText(path);
      continue;
    }
    if (!at || typeof at !== 'object') continue;
    // Children go on the stack last first, so they are visited in order (the first NUL is the one named).
    if (Array.isArray(at)) {
      for (let i = at.length - 1; i >= 0; i--) stack.push({ value: at[i], path: { name: String(i), parent: path } });
      continue;
    }
    const entries = Object.entries(at);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      // A field name that is no name (NUL in it, JSON text, ...) is not quoted back: the object holding it is
      // named, in its turn (a NUL in the name stands in the place of its value).
      const named = SIMPLE_NAME.test(key);
      stack.push({ value: !named && key.includes('\u0000') ? '\u0000' : inner, path: named ? { name: key, parent: path } : path });
    }
  }
  return undefined;
}

/** Refuses a body or query holding a NUL character with a 400 that names the field. */
export function refuseNul(value: unknown, part: 'body' | 'query'): void {
  const path = pathOfNul(value);
  if (path === undefined) return;
  throw badRequest('{field}: this field must not contain the NUL character (\\u0000): remove it and send again', { field: path || part });
}
