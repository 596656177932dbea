import { z } from 'zod';
import { hasTranslation, renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';

type Issue = z.core.$ZodIssue;

/** zod's own texts (for rules whose schema names no message), per language; created once. */
const zodTexts: Record<MessageLocale, (issue: Issue) => string | undefined> = {
  'en-US': z.locales.en().localeError as (issue: Issue) => string | undefined,
  'zh-CN': z.locales.zhCN().localeError as (issue: Issue) => string | undefined,
};

/**
 * Per-parse option that keeps each issue's input, so zod's own text for it can be written again in
 * another language (its "received number" needs the input) and a schema's own English message can be
 * told from zod's.
 */
export const PARSE_OPTIONS = { reportInput: true } as const;

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

/** Whether the message is zod's own (the schema gave none), as opposed to one the contract wrote. */
const isZodsOwn = (issue: Issue): boolean => zodTexts['en-US'](issue) === issue.message;

/** One issue's text in the reader's language: the contract's message from the catalogue, or zod's. */
function textOf(issue: Issue, locale: MessageLocale): string {
  // A contract's custom issue may carry what varies in `params` ({op} of a filter), like AppError.
  const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
  if (hasTranslation(issue.message)) return renderMessage(issue.message, params, locale);
  if (locale !== 'en-US' && isZodsOwn(issue)) return zodTexts[locale](issue) ?? issue.message;
  return issue.message;
}

export interface ZodMessageOptions {
  /** Path in front of every issue's own (a row of an import, a nested part). */
  prefix?: PropertyKey[];
  /** Names a problem of the whole value, such as "body". */
  root?: string;
  locale?: MessageLocale;
}

/** "username: 用户名不能为空" — the field, then the rule in the reader's language; several problems joined with "; ". */
export function zodMessage(error: z.ZodError, { prefix = [], root, locale = 'en-US' }: ZodMessageOptions = {}): string {
  return error.issues
    .map((raw) => {
      const { issue, path } = deepest(raw);
      const text = textOf(issue, locale);
      const field = [...prefix, ...path].map(String).join('.');
      // A problem with the whole value (a body that is not an object) names the part: "body: ...".
      const name = field || root;
      return name ? `${name}: ${text}` : text;
    })
    .join('; ');
}

/** Messages the contracts wrote in English without a Chinese text (the test app refuses them). */
export function untranslatedIssues(error: z.ZodError): string[] {
  return error.issues
    .map((raw) => deepest(raw).issue)
    .filter((issue) => !hasTranslation(issue.message) && !isZodsOwn(issue))
    .map((issue) => issue.message);
}
