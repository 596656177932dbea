import { MEMBER_IMPORT_MAX_ROWS, type MemberImportError } from '@uc/contracts';
import type { FileRow } from './import-users';

/**
 * Rows per call: about twenty steps of progress for a short file, the call's most (MEMBER_IMPORT_MAX_ROWS)
 * for a long one, where fewer calls cost less (bench/user-import.ts).
 */
export const partSize = (total: number): number => Math.min(MEMBER_IMPORT_MAX_ROWS, Math.max(50, Math.ceil(total / 20)));

/** `rows` in consecutive parts of at most `size`. */
export function partsOf<T>(rows: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < rows.length; at += size) parts.push(rows.slice(at, at + size));
  return parts;
}

/** How far an import is, for its progress bar: rows of the file handled, and what became of them. */
export interface ImportProgress {
  done: number;
  total: number;
  imported: number;
  /** Rows refused so far (a row with several problems counts once). */
  refused: number;
}

export interface ImportOutcome {
  imported: number;
  /** Every refused row's problems (the console's own checks and the server's), by row. */
  errors: MemberImportError[];
  /** Rows never sent, because the import was cancelled or a call failed (with its message). */
  notSent: FileRow[];
  stopped?: { kind: 'cancelled' } | { kind: 'failed'; message: string };
}

export interface RunOptions {
  /** Sends one part (the import call) and answers what the server did with it. */
  send: (part: FileRow[]) => Promise<{ imported: number; errors: MemberImportError[] }>;
  /** Rows of the whole file, those refused before sending included. */
  total: number;
  /** What the console refused before sending (checkFileRows). */
  refusedBefore: readonly MemberImportError[];
  /** Asked before each part: true stops the import once the part on its way is answered. */
  cancelled: () => boolean;
  onProgress: (progress: ImportProgress) => void;
  size?: number;
}

const rowsOf = (errors: readonly MemberImportError[]) => new Set(errors.map((e) => e.row)).size;

/**
 * Sends `rows` part after part (one call at a time: a part is one transaction on the server, and the
 * next starts when it is answered), reporting progress after each. Cancelling, or a call that fails
 * (shown by the API client), stops before the next part; the parts already answered stay imported.
 */
export async function runImport(rows: readonly FileRow[], options: RunOptions): Promise<ImportOutcome> {
  const errors = [...options.refusedBefore];
  let imported = 0;
  let done = rowsOf(errors);
  const report = () => options.onProgress({ done, total: options.total, imported, refused: rowsOf(errors) });
  report();
  const parts = partsOf(rows, options.size ?? partSize(rows.length));
  for (const [i, part] of parts.entries()) {
    const notSent = () => parts.slice(i).flat();
    if (options.cancelled()) return finish({ imported, errors, notSent: notSent(), stopped: { kind: 'cancelled' } });
    try {
      const answer = await options.send(part);
      imported += answer.imported;
      errors.push(...answer.errors);
    } catch (err) {
      return finish({ imported, errors, notSent: notSent(), stopped: { kind: 'failed', message: err instanceof Error ? err.message : String(err) } });
    }
    done += part.length;
    report();
  }
  return finish({ imported, errors, notSent: [] });
}

const finish = (outcome: ImportOutcome): ImportOutcome => ({ ...outcome, errors: [...outcome.errors].sort((a, b) => a.row - b.row) });
