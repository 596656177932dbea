import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * A union that fails in every branch reports "Invalid input"; the branch that came closest (fewest
 * problems, then the deepest one, then the later branch) holds the useful message, such as an unknown
 * filter operator.
 */
function deepest(issue: Issue): { issue: Issue; path: PropertyKey[] } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, path: issue.path };
  let best: { issue: Issue; path: PropertyKey[]; count: number } | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const found = deepest(first);
    const better = !best || branch.length < best.count || (branch.length === best.count && found.path.length >= best.path.length);
    if (better) best = { ...found, count: branch.length };
  }
  return best && best.path.length > 0 ? { issue: best.issue, path: [...issue.path, ...best.path] } : { issue, path: issue.path };
}

/** "username: username is required" — the field, then the rule; several problems joined with "; ". */
export function zodMessage(error: z.ZodError, prefix: PropertyKey[] = [], whole = ''): string {
  return error.issues
    .map((raw) => {
      const { issue, path } = deepest(raw);
      const field = [...prefix, ...path].map(String).join('.');
      const name = field || whole;
      return name ? `${name}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
